// What a draw function draws (motion.gui._3d): what the reference server answers and the 3D view draws.

export type Vec3 = [number, number, number];
export type Alignment = { horizontal: 'left' | 'center' | 'right'; vertical: 'top' | 'center' | 'bottom' };

/** What a draw function drew, in the 3D view's coordinates (mm); colours 0xbbggrr as the interface gives them. */
export type Shape =
  | { shape: 'sphere'; position: Vec3; size: number; color: number | null }
  | { shape: 'arrow'; position: Vec3; endpoint: Vec3; color: number | null }
  | { shape: 'axes'; transform: number[][]; size: number }
  | { shape: 'mesh'; transform: number[][]; scale: number; filename: string }
  | {
      shape: 'text_2d';
      position: [number, number];
      size: number;
      text: string;
      origin: Alignment | null;
      alignment: Alignment | null;
      color: number | null;
    };
