import { DynamicModule, Module } from '@nestjs/common';
import { AppConfigModule, EnvironmentOverrides } from '@app/config';
import { SearchModule } from '@app/search';
import { CaseIndexer } from './indexing/case-indexer';

@Module({
  imports: [SearchModule],
  providers: [CaseIndexer],
  exports: [CaseIndexer],
})
export class IngestModule {
  static register(overrides: EnvironmentOverrides = {}): DynamicModule {
    return { module: IngestModule, imports: [AppConfigModule.forRoot(overrides)] };
  }
}
