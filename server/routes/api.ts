// Every route of the API under /api/v1, in the order they are registered: the bespoke route modules, then the
// records engine's routes of every model (server/crud/model-router.ts). buildApp mounts it; the OpenAPI document
// (server/openapi.ts) mounts it with every model's routes expanded.
import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth.routes';
import { accountRoutes } from './account.routes';
import { twoFactorRoutes } from './two-factor.routes';
import { modelSettingsRoutes } from './model-settings.routes';
import { workspaceSettingsRoutes } from './workspace-settings.routes';
import { settingsGroupRoutes } from './settings-groups.routes';
import { permissionRoutes } from './permissions.routes';
import { accessRuleRoutes } from './access-rules.routes';
import { invitationRoutes } from './invitations.routes';
import { propertyDeletionRoutes } from './property-deletion.routes';
import { auditLogRoutes } from './audit-log.routes';
import { systemNotificationRoutes } from './system-notifications.routes';
import { systemRoutes } from './system.routes';
import { preferenceRoutes } from './preferences.routes';
import { planningRoutes } from './planning.routes';
import { archiveCascadeRoutes } from './archive-cascade.routes';
import { contractRoutes } from './contracts.routes';
import { counterRoutes } from './counters.routes';
import { assignedToMeRoutes } from './assigned-to-me.routes';
import { analyticsRoutes } from './analytics.routes';
import { renewalRoutes } from './renewal.routes';
import { documentTotalsRoutes } from './document-totals.routes';
import { favoritesRoutes } from './favorites.routes';
import { scheduledExportRoutes } from './scheduled-exports.routes';
import { webhooksRoutes } from './webhooks.routes';
import { emailTemplatesRoutes } from './email-templates.routes';
import { accountEmailTemplatesRoutes } from './account-email-templates.routes';
import { attributesRoutes } from './attributes.routes';
import { publicPageRoutes, publicPageSettingsRoutes } from './public-pages.routes';
import { documentRoutes } from '../documents/documents.routes';
import { importRoutes } from '../imports/imports.routes';
import { modelRoutes } from '../crud/model-router';

export function apiRoutes({ expandModelRoutes = false }: { expandModelRoutes?: boolean } = {}) {
  return async (api: FastifyInstance) => {
    await api.register(systemRoutes);
    await api.register(authRoutes);
    await api.register(accountRoutes);
    await api.register(twoFactorRoutes);
    await api.register(settingsGroupRoutes);
    await api.register(modelSettingsRoutes);
    await api.register(workspaceSettingsRoutes);
    await api.register(permissionRoutes);
    await api.register(accessRuleRoutes);
    await api.register(invitationRoutes);
    await api.register(propertyDeletionRoutes);
    await api.register(auditLogRoutes);
    await api.register(systemNotificationRoutes);
    await api.register(preferenceRoutes);
    await api.register(planningRoutes);
    await api.register(contractRoutes);
    await api.register(counterRoutes);
    await api.register(archiveCascadeRoutes);
    await api.register(documentRoutes);
    await api.register(assignedToMeRoutes);
    await api.register(analyticsRoutes);
    await api.register(renewalRoutes);
    await api.register(documentTotalsRoutes);
    await api.register(favoritesRoutes);
    await api.register(scheduledExportRoutes);
    await api.register(webhooksRoutes);
    await api.register(emailTemplatesRoutes);
    await api.register(accountEmailTemplatesRoutes);
    await api.register(attributesRoutes);
    await api.register(publicPageSettingsRoutes);
    await api.register(publicPageRoutes);
    await api.register(modelRoutes({ expand: expandModelRoutes }));
    await api.register(importRoutes);
  };
}
