import { type AppContext } from '../context.js'
import { type App } from '../http/types.js'

/** A protocol route module: registers its endpoint on the app. */
export type RouteModule = (app: App, ctx: AppContext) => void
