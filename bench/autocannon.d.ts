// The part of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Distribution {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    pipelining?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
  }

  export interface Result {
    url: string;
    connections: number;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    /** Requests per second, sampled each second. */
    requests: Distribution;
    /** Milliseconds per request. */
    latency: Distribution;
    /** Bytes per second, sampled each second. */
    throughput: Distribution;
  }

  export default function autocannon(options: Options): Promise<Result>;
}
