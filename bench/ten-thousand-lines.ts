/** A 10,000-line Python script that uses the motion package the way real scripts do, for bench:ls. */
export function tenThousandLineScript(): string {
  return scriptOfLines(10_000);
}

/** A Python script of `count` lines, every function different, that uses the motion package the way real scripts do. */
export function scriptOfLines(count: number): string {
  const lines = [
    'import motion',
    'import motion.gui.selection as sel',
    'from motion.settings.processing import skeleton',
    'from motion.data.object import trajectory',
    '',
  ];
  let i = 0;
  while (lines.length < count) {
    i++;
    lines.push(
      `def build_${i}(name):`,
      `    sid = skeleton.add_skeleton("project", name + "${i}")`,
      '    root = skeleton.get_skeleton_root_id("project", sid)',
      `    seg = skeleton.add_segment("project", root, "Segment${i}")`,
      `    skeleton.set_segment_markers("project", seg, [{"name": "M${i}", "position": [1.0, 2.0, ${i}.0], "weight": 1.0}])`,
      '    skeleton.set_skeleton_scale("project", sid, 1.5)',
      `    tid = trajectory.find_trajectory("M${i}")`,
      '    if tid is not None:',
      '        sel.select([{"type": "trajectory", "id": tid, "part_index": None}])',
      `    return motion.settings.processing.skeleton.get_segment_count("project", sid)`,
      '',
    );
  }
  return `${lines.slice(0, count).join('\n')}\n`;
}
