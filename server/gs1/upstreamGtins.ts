// Upstream mode (issue 39): the brand's service names no GTINs, GS1_GTINS maps its product codes to them. The
// answers get their product's Gtin, and the resolver knows a GTIN's product (not its lots: those stay the brand's).
import type { TraceResponse, TraceWireAnswer } from '../../src/contract/traceContract.ts';
import type { Gs1Catalogue } from '../domain/gs1Records.ts';
import type { TraceAnswer, TraceSource } from '../domain/traceSource.ts';

function withGtin(body: TraceResponse, gtins: ReadonlyMap<string, string>): TraceResponse | undefined {
  const gtinOf = (code: unknown) => (typeof code === 'string' ? gtins.get(code) : undefined);
  const items = [...body.Data.Products, ...body.Data.Box];
  if (!items.some((item) => gtinOf(item.ProductCode) !== undefined)) return undefined;
  const add = <T extends { ProductCode: unknown }>(item: T): T => {
    const gtin = gtinOf(item.ProductCode);
    return gtin === undefined ? item : { ...item, Gtin: gtin };
  };
  return { ...body, Data: { Products: body.Data.Products.map(add), Box: body.Data.Box.map(add) } };
}

/** An answer with its items' GTINs added; its JSON written once, when the API first asks for it. */
class GtinAnswer implements TraceAnswer {
  readonly status = 200;
  private json: Buffer | undefined;
  constructor(
    private readonly body: TraceResponse,
    private readonly original: TraceAnswer,
  ) {}
  get counts() {
    return this.original.counts;
  }
  get carton() {
    return this.original.carton;
  }
  bytes(): Buffer {
    return (this.json ??= Buffer.from(JSON.stringify(this.body)));
  }
  wire(): TraceWireAnswer {
    return { status: 200, body: this.body };
  }
}

/** The source's answers with GTINs from the map; the same source when the map is empty. */
export function withUpstreamGtins(source: TraceSource, gtins: ReadonlyMap<string, string>): TraceSource {
  if (gtins.size === 0) return source;
  // The upstream's answers are cached and shared (server/upstream/answerCache.ts): each is rewritten once.
  const rewritten = new WeakMap<TraceAnswer, TraceAnswer>();
  const rewrite = (answer: TraceAnswer): TraceAnswer => {
    if (answer.status !== 200) return answer;
    let done = rewritten.get(answer);
    if (done === undefined) {
      const body = withGtin(answer.wire().body as TraceResponse, gtins);
      done = body === undefined ? answer : new GtinAnswer(body, answer);
      rewritten.set(answer, done);
    }
    return done;
  };
  return {
    lookup(code, asker) {
      const answer = source.lookup(code, asker);
      return answer instanceof Promise ? answer.then(rewrite) : rewrite(answer);
    },
    ping: () => source.ping(),
    get unreachable() {
      return source.unreachable;
    },
  };
}

/** The resolver's catalogue in upstream mode: a mapped GTIN's product code, no name, no lots. */
export function upstreamGs1Catalogue(gtins: ReadonlyMap<string, string>): Gs1Catalogue {
  const byGtin = new Map([...gtins].map(([productCode, gtin]) => [gtin, productCode]));
  return {
    product(gtin) {
      const productCode = byGtin.get(gtin);
      return productCode === undefined
        ? undefined
        : { gtin, productCode, productUnit: '', productName: null, imageUrl: null };
    },
    lot: () => undefined,
  };
}
