import { APIError } from 'payload'

/**
 * A refusal whose message the answer carries to the seller (the admin's form shows it) or to an
 * API caller. Payload answers an error's message only when the error has a name (`formatErrors`:
 * "An unknown error occurred." otherwise) and takes it from its class's name, which the production
 * build leaves empty: a plain `APIError` thrown by a hook reached the seller as "An unknown error
 * occurred.". This one names itself. Its message has no colon when the admin shows it: the
 * admin's toast reads what follows one as a list of fields.
 */
export class Refusal extends APIError {
  constructor(message: string, status: 400 | 403 | 404 | 409 | 429) {
    super(message, status, undefined, true)
    this.name = 'Refusal'
  }
}
