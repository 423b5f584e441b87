import type { Edit, Node } from 'web-tree-sitter';

/**
 * How a document keeps its syntax: one tree for the whole text (most scripts), or, for very long
 * ones, trees of one chunk at a time. Everything else asks through this interface and never holds a
 * node past the call that gave it.
 */
export interface SyntaxTrees {
  /** The stretches of text analysed as a whole, in order. Nodes of a unit are valid until the next unit is read. */
  units(): Iterable<AnalysisUnit>;
  /** The exact tree around an offset (re-parsing what edits left pending). */
  rootAt(offset: number): Node;
  /** A tree around an offset shifted by the edits since its last parse: cheap, right about strings and comments. */
  shiftedRootAt(offset: number): Node;
  /** After the document's text took an edit. */
  edit(edit: Edit): void;
  /** After the whole text was replaced. */
  replaced(): void;
  /** Brings trees up to date in slices of about `budgetMs`, yielding between them. */
  refresh(budgetMs: number): Promise<void>;
  /** No edit is pending: the last parse saw the current text. */
  readonly fresh: boolean;
  dispose(): void;
}

/** A top-level statement, or a chunk of them. */
export interface AnalysisUnit {
  start: number;
  end: number;
  /** What results worked out from this unit may be cached under; undefined: never cache them. */
  key: string | undefined;
  statements(): Node[];
}
