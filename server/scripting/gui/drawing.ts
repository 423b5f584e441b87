import { invalid } from '../model/faults';
import type { ModuleHandlers } from '../operations/handler';
import type { ScriptHost } from '../host/script-host';
import type { ScriptFunction } from './gui-model';
import type { Alignment, Shape, Vec3 } from '../../../src/api/gui/drawn-shapes';

/** `motion.gui._3d`: a draw function, and the shapes it draws, only while it runs (as documented). */
export function drawingHandlers(
  host: ScriptHost,
  scriptFunction: (value: unknown, parameter: string) => ScriptFunction | null,
): ModuleHandlers {
  const draw = (shape: Shape) => {
    const shapes = host.drawing;
    if (!shapes)
      throw invalid(
        undefined,
        `draw_${shape.shape} works only inside a draw function: give one with motion.gui._3d.set_draw_function(f), and draw in f`,
      );
    shapes.push(shape);
  };
  return {
    set_draw_function: (_tx, [fn]) => {
      host.gui.drawFunction = scriptFunction(fn, 'function');
    },
    draw_sphere: (_tx, args) => {
      const [position, size, color] = args as [Vec3, number, number | null];
      draw({ shape: 'sphere', position, size, color });
    },
    draw_arrow: (_tx, args) => {
      const [position, endpoint, color] = args as [Vec3, Vec3, number | null];
      draw({ shape: 'arrow', position, endpoint, color });
    },
    draw_axes: (_tx, args) => {
      const [transform, size] = args as [number[][], number];
      draw({ shape: 'axes', transform, size });
    },
    draw_mesh: (_tx, args) => {
      const [transform, scale, filename] = args as [number[][], number, string];
      draw({ shape: 'mesh', transform, scale, filename });
    },
    draw_text_2d: (_tx, args) => {
      const [position, size, text, origin, alignment, color] = args as [
        [number, number],
        number,
        string,
        Alignment | null,
        Alignment | null,
        number | null,
      ];
      draw({ shape: 'text_2d', position, size, text, origin, alignment, color });
    },
  };
}
