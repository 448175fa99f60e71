import { randomBytes } from 'node:crypto';
import type { FactoryProvider } from '@nestjs/common';
import { AppConfigService } from '@app/config';

/** The injection token of the key that signs and checks list cursors. */
export const CURSOR_KEY = Symbol('CURSOR_KEY');

/** CURSOR_KEY when set; otherwise one random key for the life of this process (see Environment). */
export const cursorKeyProvider: FactoryProvider<Buffer> = {
  provide: CURSOR_KEY,
  inject: [AppConfigService],
  useFactory: (config: AppConfigService) => {
    const configured = config.get('CURSOR_KEY', { infer: true });
    return configured ? Buffer.from(configured, 'utf8') : randomBytes(32);
  },
};
