// The parts of autocannon's API the benchmarks use (it ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number }
  type Result = {
    requests: Histogram & { total: number }
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    non2xx: number
  }
  type AutocannonRequest = {
    path: string
    method?: string
    headers?: Record<string, string>
    body?: string
  }
  type Options = {
    url: string
    connections?: number
    duration?: number
    amount?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    requests?: {
      setupRequest?: (request: AutocannonRequest) => AutocannonRequest
    }[]
  }
  export default function autocannon(options: Options): Promise<Result>
}
