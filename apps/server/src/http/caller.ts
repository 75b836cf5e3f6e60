import type { Language } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { unauthenticated } from './errors.ts';
import type { LiveSession } from './session.ts';

/** The organs whose data a caller may touch with one operation: every organ, or these ids. */
export type OrganScope = 'all' | Set<number>;

/**
 * What an account holds, as iam answers it. The caller is a kernel below every module, so iam's answers
 * are registered at start (`answerGrantsWith`, by the app root) instead of imported.
 */
export interface GrantAnswers {
  grantedOperationIds(db: Kysely<Database>, accountId: number): Promise<Set<number>>;
  operationIdOf(db: Kysely<Database>, code: string): Promise<number | undefined>;
  organScopeFor(db: Kysely<Database>, session: LiveSession, operationId: number): Promise<OrganScope>;
}

let grantAnswers: GrantAnswers | undefined;

export function answerGrantsWith(answers: GrantAnswers): void {
  grantAnswers = answers;
}

function grants(): GrantAnswers {
  if (!grantAnswers) throw new Error('No grant answers registered: the app root calls answerGrantsWith() at start');
  return grantAnswers;
}

/** The process's cache of held operations (auth's AccessCache), consulted outside transactions. */
export interface GrantCache {
  grantsOf(accountId: number, load: () => Promise<Set<number>>): Promise<Set<number>>;
  keptGrants(accountId: number): Set<number> | undefined;
}

/** What the audit log keeps of a request: its path parameters and body as parsed and validated. */
export interface CallerInput {
  params: unknown;
  body: unknown;
}

/**
 * Who makes this request and what they may do: built once by the access guard, handed to services
 * instead of the HTTP request. Held operations and each operation's organ scope are computed at most
 * once per request. Every method takes the executor to read with, because a service that asks from
 * inside a transaction must ask through it (SQLite has one connection: reading beside the transaction
 * would wait for it forever).
 */
export class Caller {
  input: CallerInput = { params: {}, body: undefined };
  private held?: Promise<Set<number>>;
  private scopes?: Map<number, Promise<OrganScope>>;
  private readLanguage?: () => Language;
  private knownLanguage?: Language;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly access: GrantCache,
    readonly session: LiveSession | null,
    /** The function-model operation that owns the matched route. */
    readonly operationId: number | null,
    readonly ip: string,
    /** The language the caller reads errors in, or how to read it: most requests never ask. */
    language: Language | (() => Language),
  ) {
    if (typeof language === 'function') this.readLanguage = language;
    else this.knownLanguage = language;
  }

  /** The language the caller reads errors in. */
  get language(): Language {
    this.knownLanguage ??= (this.readLanguage as () => Language)();
    return this.knownLanguage;
  }

  /** The signed-in caller's session; routes the guard let through anonymously have none. */
  get signedIn(): LiveSession {
    if (!this.session) throw unauthenticated();
    return this.session;
  }

  get accountId(): number {
    return this.signedIn.accountId;
  }

  get userName(): string {
    return this.session?.userName ?? '';
  }

  get isSuper(): boolean {
    return this.session?.isSuper === true;
  }

  /**
   * Read through the process's cache, unless asked from inside a transaction: what a transaction
   * reads may not be committed yet, so it is never kept.
   */
  heldOperations(db: Kysely<Database> = this.db): Promise<Set<number>> {
    const accountId = this.accountId;
    const load = () => grants().grantedOperationIds(db, accountId);
    this.held ??= this.isSuper ? Promise.resolve(new Set<number>()) : db === this.db ? this.access.grantsOf(accountId, load) : load();
    return this.held;
  }

  async holds(operationId: number, db: Kysely<Database> = this.db): Promise<boolean> {
    return this.isSuper || (await this.heldOperations(db)).has(operationId);
  }

  /** Whether the caller holds the operation, when the process keeps what it holds; `undefined` when that needs reading. */
  holdsAtOnce(operationId: number): boolean | undefined {
    return this.isSuper || this.access.keptGrants(this.accountId)?.has(operationId);
  }

  /** Whether the caller holds the operation with this code: the view grant of a page a summary card stands for. */
  async holdsCode(code: string, db: Kysely<Database> = this.db): Promise<boolean> {
    if (this.isSuper) return true;
    const operationId = await grants().operationIdOf(db, code);
    return operationId !== undefined && (await this.holds(operationId, db));
  }

  /** The organs whose data the caller may touch with this operation. */
  scopeFor(operationId: number, db: Kysely<Database> = this.db): Promise<OrganScope> {
    this.scopes ??= new Map();
    let scope = this.scopes.get(operationId);
    if (!scope) {
      scope = grants().organScopeFor(db, this.signedIn, operationId);
      this.scopes.set(operationId, scope);
    }
    return scope;
  }

  /** The organs whose data the caller may touch with the operation of the matched route. */
  scope(db: Kysely<Database> = this.db): Promise<OrganScope> {
    return this.scopeFor(this.operationId ?? -1, db);
  }
}
