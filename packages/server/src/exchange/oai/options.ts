// What an operator configures about the OAI-PMH provider.

export interface OaiOptions {
  repositoryName: string;
  /** At least one (Identify requires an adminEmail). */
  adminEmails: readonly string[];
  /** Records (or headers) per ListRecords / ListIdentifiers response. */
  pageSize: number;
  /** How long a resumption token stays valid, in seconds. */
  tokenSeconds: number;
}

export const DEFAULT_OAI_OPTIONS: OaiOptions = {
  repositoryName: "urnkit URN registry",
  adminEmails: ["registry@example.org"],
  pageSize: 500,
  tokenSeconds: 86_400,
};
