export type HeaderSet = Readonly<Record<string, string>>;

/** The security headers of every response, errors and raw-socket answers included, chosen by path. */
export interface SecurityHeaders {
  forPath(path: string): HeaderSet;
}
