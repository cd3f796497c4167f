import type { InstitutionType } from '@registry/shared';

/** Who is calling: resolved once per request from the session token. */
export interface Principal {
  readonly userId: string;
  readonly sessionId: string;
  readonly email: string;
  readonly nickname: string;
  readonly isAdmin: boolean;
  /** The session was started with the user's second factor. */
  readonly secondFactor: boolean;
  readonly doctor: {
    readonly id: string;
    readonly institutionId: string;
    readonly institutionType: InstitutionType;
  } | null;
}

/** Who may call a route. Every route declares one; routes without it are refused at start. */
export type Access = 'public' | 'signedIn' | 'admin' | 'doctor';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}
