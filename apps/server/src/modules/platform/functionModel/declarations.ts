// Temporary: bpm/access.ts, governance/access.ts and governance/gateway/gatewayAccess.ts, being rewritten
// elsewhere, still import the route declarations from here; they belong to the kernel
// (../../../http/operationDeclarations.ts), and this file goes once those three imports move there.
export type {
  FunctionDeclaration,
  ModuleDeclaration,
  OperationDeclaration,
  UrlDeclaration,
} from '../../../http/operationDeclarations.ts';
export { listOperations } from '../../../http/operationDeclarations.ts';
