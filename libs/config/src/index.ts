export * from './app-config.module';
export * from './environment';
export * from './license';
export * from './mcp-environment';
