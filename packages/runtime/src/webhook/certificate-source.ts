// Where the server's serving certificate comes from, and how it learns of a new one.
export interface ServingCertificate {
  /** PEM certificate (chain). */
  cert: string;
  /** PEM private key. */
  key: string;
}

export interface CertificateSource {
  /**
   * Returns the certificate to serve now and calls `onChange` whenever a different one should be
   * served from then on (the server swaps it in without dropping connections).
   */
  start(onChange: (cert: ServingCertificate) => void): Promise<ServingCertificate>;
  stop(): void | Promise<void>;
}

/** A fixed certificate (tests, or when something outside the process restarts it on rotation). */
export function staticCertificate(cert: ServingCertificate): CertificateSource {
  return { start: () => Promise.resolve(cert), stop: () => {} };
}
