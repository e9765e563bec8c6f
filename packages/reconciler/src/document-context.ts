/** Facts about the whole document that help resolve single fields (the dominant currency). */
export interface DocumentContext {
  /** The currency most amounts in the document are stated in, when one dominates. */
  readonly dominantCurrency?: string | null;
}
