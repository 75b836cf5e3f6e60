import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import type { ConfigService } from '../config/configService.ts';
import type { NamespaceService } from '../namespaces/namespaceService.ts';
import type { RegistryService } from '../registry/registryService.ts';
import { nacosAuthRoutes } from './authRoutes.ts';
import { ConfigOperations } from './configOperations.ts';
import { nacosConfigRoutes } from './configRoutes.ts';
import { nacosConfigRoutesV2 } from './configRoutesV2.ts';
import { nacosConsoleRoutes } from './consoleRoutes.ts';
import { nacosConsoleRoutesV2 } from './consoleRoutesV2.ts';
import { nacosHistoryRoutes } from './historyRoutes.ts';
import { NamespaceOperations } from './namespaceOperations.ts';
import { NamingOperations } from './namingOperations.ts';
import { namingRoutes } from './namingRoutes.ts';
import { namingRoutesV2 } from './namingRoutesV2.ts';
import { operatorRoutes } from './operatorRoutes.ts';

/** Every Nacos HTTP route, v1 and v2, over one set of operations so both versions do the same thing. */
export function nacosHttpRoutes(
  registry: RegistryService,
  configs: ConfigService,
  namespaces: NamespaceService,
): FastifyPluginAsyncZod<AppContext>[] {
  const naming = new NamingOperations(registry, namespaces);
  const configOperations = new ConfigOperations(configs, namespaces);
  const namespaceOperations = new NamespaceOperations(namespaces);
  return [
    nacosAuthRoutes(),
    namingRoutes(naming),
    operatorRoutes(registry),
    nacosConfigRoutes(configOperations, configs, namespaces),
    nacosHistoryRoutes(configOperations),
    nacosConsoleRoutes(namespaceOperations),
    namingRoutesV2(naming, registry),
    nacosConfigRoutesV2(configOperations),
    nacosConsoleRoutesV2(namespaceOperations),
  ];
}
