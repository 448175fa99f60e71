import { loadMcpEnvironment, type McpEnvironment } from '@app/config/mcp-environment';
import { createMcpLogger, startMcp } from './mcp-app';

async function bootstrap(): Promise<void> {
  let env: McpEnvironment;
  try {
    env = loadMcpEnvironment();
  } catch (error) {
    // The message names each bad variable; a stack would only hide it.
    console.error((error as Error).message);
    process.exit(1);
  }
  const log = createMcpLogger(env);
  const running = await startMcp(env, log);
  const stop = () => void running.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

bootstrap().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
