// Temporary: bpm/access.ts and governance/access.ts, being rewritten elsewhere, still import the route
// declarations from here; they belong to the kernel (../../../http/operationDeclarations.ts), and this file
// goes once those two imports move there.
export type {
  FunctionDeclaration,
  ModuleDeclaration,
  OperationDeclaration,
  UrlDeclaration,
} from '../../../http/operationDeclarations.ts';
export { listOperations, splitRoute } from '../../../http/operationDeclarations.ts';
