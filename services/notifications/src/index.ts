export { service } from './service';
export { notificationsConfigSchema, type NotificationsConfig, type NotificationsContext } from './config';
