/**
 * The zod schemas of the access policy's values, apart from the policy itself (access.ts), so that code which
 * only asks the policy (the web app's first page, say) does not carry the schema library.
 */
import { z } from 'zod';
import { CMS_SUB_PERMISSIONS, ROLES, SECTIONS } from './access';

export const roleSchema = z.enum(ROLES);
export const sectionSchema = z.enum(SECTIONS);
export const cmsSubPermissionSchema = z.enum(CMS_SUB_PERMISSIONS);
export const permissionSchema = z.union([sectionSchema, cmsSubPermissionSchema]);
