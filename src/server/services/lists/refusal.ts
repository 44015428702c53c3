/** A lead-list request the rules refuse: the handler turns it into its status and the standard error body. */
export class ListRefusal extends Error {
  constructor(readonly status: 400 | 404 | 409 | 422, message: string, readonly field?: string) {
    super(message);
    this.name = 'ListRefusal';
  }
}
