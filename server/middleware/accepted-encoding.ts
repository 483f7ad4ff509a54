import type { Request } from 'express';

/**
 * The first of `encodings` (best first) that the request's Accept-Encoding takes, or undefined when
 * it takes none of them or sends no such header: the answer is then sent as it is.
 */
export function acceptedEncoding<Encoding extends string>(req: Request, encodings: readonly Encoding[]): Encoding | undefined {
  if (!req.headers['accept-encoding']) return undefined;
  return encodings.find((encoding) => req.acceptsEncodings(encoding) === encoding);
}
