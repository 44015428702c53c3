/** A refusal of one input field: the server's 400 and 422 bodies carry these, forms show them under the field. */
export interface FieldError {
  field: string;
  message: string;
}
