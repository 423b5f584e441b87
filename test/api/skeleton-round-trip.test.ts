import assert from 'node:assert/strict';
import fc from 'fast-check';
import { exportSkeleton, importSkeleton } from '../../src/api/skeletons/skeleton-definition';
import { readSkeletonFile, writeSkeletonFile, type SkeletonFileFormat } from '../../src/api/skeletons/skeleton-files';
import { referenceServer } from '../support/reference-server';
import { propertyRuns } from '../support/property-runs';
import { skeletonDefinition } from '../support/skeleton-arbitrary';
import { assertClose } from '../support/assert-close';

/** XML writes six decimals, and rotations as quaternions: a matrix element moves by a few millionths. */
const TOLERANCE: Record<SkeletonFileFormat, number> = { xml: 1e-5, json: 0 };

describe('skeleton files: every field of generated definitions survives', function () {
  this.timeout(120_000);

  for (const format of ['xml', 'json'] as const) {
    it(`${format}: written and read back, field by field`, () => {
      fc.assert(
        fc.property(skeletonDefinition(), (definition) => {
          const { docs, warnings } = readSkeletonFile(writeSkeletonFile([definition], format), format);
          assert.deepEqual(warnings, []);
          assert.equal(docs.length, 1);
          assertClose(docs[0], definition, TOLERANCE[format]);
        }),
        propertyRuns(`skeleton ${format} round trip`, 200),
      );
    });
  }

  describe('through the application: imported from a file, exported again', () => {
    const application = referenceServer({ per: 'suite', empty: true });

    for (const format of ['xml', 'json'] as const) {
      it(`${format}: the definition the application gives back is the file's`, async () => {
        await fc.assert(
          fc.asyncProperty(skeletonDefinition(), async (definition) => {
            const { docs } = readSkeletonFile(writeSkeletonFile([definition], format), format);
            const id = await importSkeleton(application.client, 'project', docs[0]);
            try {
              const exported = await exportSkeleton(application.client, 'project', id);
              const again = readSkeletonFile(writeSkeletonFile([exported], format), format).docs[0];
              assertClose(again, definition, TOLERANCE[format]);
            } finally {
              await application.client.settings.processing.skeleton.delete_skeleton('project', id);
            }
          }),
          propertyRuns(`skeleton ${format} through the application`, 25),
        );
      });
    }
  });
});
