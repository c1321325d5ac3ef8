// npm run build: the server compiled to build/ and the web site bundled to dist/.
import { buildServer, buildSpa } from './build-lib.mjs'

try {
  buildServer()
  buildSpa()
} catch (error) {
  process.stderr.write(`${error.message}\n`)
  process.exit(1)
}
