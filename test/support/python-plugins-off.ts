// Mocha's `require` (every test process, the parallel workers included): pytest in the tests'
// children loads no plugin the machine's Python happens to carry. Motion passes its own plugins
// with -p, which still load. A machine's plugins cost, not test: this machine kind's python3 has
// hypothesis's, 1.7 s of every pytest start, and `motion test` starts one per test.
process.env.PYTEST_DISABLE_PLUGIN_AUTOLOAD = '1';
