// '404 Not Found', also for a docs page of no known type.
export { NotFoundPage } from './NotFoundPage'
