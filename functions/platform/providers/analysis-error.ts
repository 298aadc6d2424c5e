/** An analysis that failed; its message is Spanish and safe to show to the user. */
export class AnalysisError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnalysisError';
  }
}
