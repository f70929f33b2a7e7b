/** What the rest of the server may use of the movie list (docs/decisions/0005). */
export { type AlsoInTransaction, movieEditsRepository } from './edit-repository';
