import type { ApiPaths } from '@qiming/shared';

export type ApiMethod = 'get' | 'post' | 'put' | 'delete';

/** The routes under the client's base URL, as the served document names them (`/api/admin/dicts/{dictId}/items`). */
type Served = keyof ApiPaths & `/api/${string}`;

/** The JSON body of an operation's success, as the document declares it. */
type SuccessBody<Operation> = Operation extends { responses: { 200: { content: { 'application/json': infer Body } } } } ? Body : never;

type EnvelopeData<Operation> = SuccessBody<Operation> extends { data: infer Data } ? Data : never;

/**
 * The paths answering `method` with a declared envelope: a path or method the server does not serve,
 * or one whose answer is not described yet, is not among them, so a call to it does not compile.
 */
export type ApiPath<M extends ApiMethod> = {
  [P in Served]: ApiPaths[P] extends Record<M, infer Operation> ? ([EnvelopeData<Operation>] extends [never] ? never : P) : never;
}[Served];

/** The envelope's `data` of a success of `method` on `path`. */
export type ApiAnswer<P extends Served, M extends ApiMethod> =
  ApiPaths[P] extends Record<M, infer Operation> ? EnvelopeData<Operation> : never;

/** The document's path as the client writes it: `/api` dropped, each `{name}` filled with any text or number. */
type ClientPath<P extends string> = P extends `/api${infer Rest}` ? Filled<Rest> : never;
type Filled<P extends string> = P extends `${infer Head}{${string}}${infer Tail}` ? `${Head}${string | number}${Filled<Tail>}` : P;

/**
 * A list path of the CRUD kit: one the server serves with GET, whose page holds records a `Row` can
 * take. A list whose answer the document does not describe yet is taken as it is, until described.
 */
export type ListPath<Row> = {
  [P in Served]: ApiPaths[P] extends Record<'get', infer Operation>
    ? [EnvelopeData<Operation>] extends [never]
      ? ClientPath<P>
      : EnvelopeData<Operation> extends { records: Array<infer Listed> }
        ? [Listed] extends [Row]
          ? ClientPath<P>
          : never
        : never
    : never;
}[Served];

type ParamName<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamName<Rest> : never;

/** A value for each `{name}` in the path. */
export type PathValues<P extends string> = Record<ParamName<P>, string | number>;

/** A typed call's options after its path: `path` (the values of its `{name}`s) required when it has some, refused when none. */
export type CallArguments<P extends string, Options> = [ParamName<P>] extends [never]
  ? [call?: Options & { path?: undefined }]
  : [call: Options & { path: PathValues<P> }];

/** The document's path made a URL under the client's base URL: `/api` dropped, each `{name}` filled in and encoded. */
export function fillPath<P extends string>(template: P, values?: PathValues<P>): string {
  return template.replace(/^\/api(?=\/)/, '').replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = (values as Record<string, string | number> | undefined)?.[name];
    if (value === undefined) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}
