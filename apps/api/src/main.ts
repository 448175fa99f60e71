import { Logger } from '@nestjs/common';
import { AppConfigService } from '@app/config';
import { createApiApp } from './create-api-app';

async function bootstrap(): Promise<void> {
  const app = await createApiApp();
  const config = app.get(AppConfigService);
  const port = config.get('PORT', { infer: true });
  const host = config.get('HOST', { infer: true });
  await app.listen(port, host);
  Logger.log(`UAP Case Archive api listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/api/cases`, 'Bootstrap');
}

bootstrap().catch((error: Error) => {
  // Config errors already name the bad variable; print the message without a stack.
  console.error(error.message);
  process.exit(1);
});
