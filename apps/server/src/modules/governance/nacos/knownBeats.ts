import type { Renewal } from '../registry/registryService.ts';

/** The parameters a beat's answer depends on: the beat schema reads these and drops the rest. */
const beatFields = ['namespaceId', 'serviceName', 'groupName', 'clusterName', 'ip', 'port', 'beat'] as const;
/** Past this many, the remembered beats start again from none (each costs its parameters' text). */
const maxKnown = 50_000;

export interface KnownBeat<Answer> {
  renewal: Renewal;
  answer: Answer;
}

/**
 * Beats answered before, by their parameters exactly as sent. A client sends the same text every five
 * seconds for as long as its instance is unchanged, and the same text always parses, validates and
 * names the same instance: so a beat sent as one already answered renews that instance in memory and
 * gets the same answer, without its JSON and rules read again. Undefined (no signature) when a parameter
 * is not plain text (sent twice, say): such a beat takes the whole way.
 */
export class KnownBeats<Answer> {
  private readonly known = new Map<string, KnownBeat<Answer>>();

  signature(sent: Record<string, unknown>): string | undefined {
    let signature = '';
    for (const field of beatFields) {
      const value = sent[field];
      // Each value with its length before it, so that no two sets of values make the same text.
      if (typeof value === 'string') signature += `${value.length}:${value}`;
      else if (value === undefined) signature += '-';
      else return undefined;
    }
    return signature;
  }

  get(signature: string): KnownBeat<Answer> | undefined {
    return this.known.get(signature);
  }

  remember(signature: string, beat: KnownBeat<Answer>): void {
    if (this.known.size >= maxKnown) this.known.clear();
    this.known.set(signature, beat);
  }
}
