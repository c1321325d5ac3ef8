import {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify'
import { type TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { type AppContext } from '../context.js'

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>

/** A protocol route module: registers its endpoint on the app. */
export type RouteModule = (app: App, ctx: AppContext) => void
