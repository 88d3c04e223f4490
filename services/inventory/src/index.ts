export { service } from './service';
export { inventoryConfigSchema, type InventoryConfig, type InventoryContext } from './config';
