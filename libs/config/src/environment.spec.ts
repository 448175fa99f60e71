import { elasticsearchNodes, validateEnvironment, validateSettings } from './environment';
import { licenseNotice } from './license';
import { McpEnvironment } from './mcp-environment';

describe('validateEnvironment', () => {
  it('fills in defaults', () => {
    expect(validateEnvironment({})).toMatchObject({ ELASTICSEARCH_URL: 'http://127.0.0.1:9200', CASES_ALIAS: 'cases', PORT: 3000 });
  });

  it('reads numbers from strings and ignores unrelated variables', () => {
    expect(validateEnvironment({ PORT: '8080', HOME: '/root' })).toMatchObject({ PORT: 8080 });
  });

  it('names every bad variable in one error', () => {
    expect(() => validateEnvironment({ PORT: 'eighty', ELASTICSEARCH_URL: 'not a url', CASES_ALIAS: 'Cases!' })).toThrow(
      /Invalid environment variables:\n(?=[\s\S]*ELASTICSEARCH_URL="not a url")(?=[\s\S]*CASES_ALIAS="Cases!")(?=[\s\S]*PORT="eighty")/,
    );
  });
});

describe('PUBLIC_BASE_URL', () => {
  it('is optional, and must be an http(s) URL when set', () => {
    expect(validateEnvironment({}).PUBLIC_BASE_URL).toBe('');
    expect(validateEnvironment({ PUBLIC_BASE_URL: 'https://api.example.org' }).PUBLIC_BASE_URL).toBe('https://api.example.org');
    expect(() => validateEnvironment({ PUBLIC_BASE_URL: 'api.example.org' })).toThrow(/PUBLIC_BASE_URL="api.example.org"/);
  });
});

describe('ELASTICSEARCH_URL', () => {
  it('accepts several nodes of one cluster, separated by commas', () => {
    const environment = validateEnvironment({ ELASTICSEARCH_URL: 'http://127.0.0.1:9421, http://127.0.0.1:9422,http://es3:9200' });
    expect(elasticsearchNodes(environment.ELASTICSEARCH_URL)).toEqual(['http://127.0.0.1:9421', 'http://127.0.0.1:9422', 'http://es3:9200']);
  });

  it('names the variable when any one node is not a URL', () => {
    expect(() => validateEnvironment({ ELASTICSEARCH_URL: 'http://127.0.0.1:9421,es2:9200' })).toThrow(
      /ELASTICSEARCH_URL=.*several separated by commas/,
    );
    expect(() => validateEnvironment({ ELASTICSEARCH_URL: 'http://127.0.0.1:9421,' })).toThrow(/ELASTICSEARCH_URL/);
  });
});

describe('CASES_REPLICAS', () => {
  it('is auto by default and takes a small whole number', () => {
    expect(validateEnvironment({}).CASES_REPLICAS).toBe('auto');
    expect(validateEnvironment({ CASES_REPLICAS: '1' }).CASES_REPLICAS).toBe(1);
    expect(() => validateEnvironment({ CASES_REPLICAS: 'two' })).toThrow(
      /CASES_REPLICAS="two": CASES_REPLICAS must be auto or a whole number from 0 to 5$/,
    );
    expect(() => validateEnvironment({ CASES_REPLICAS: '9' })).toThrow(/CASES_REPLICAS=9/);
  });
});

describe('licenseNotice', () => {
  it('states the public-domain sources, the operator, the site and the contact', () => {
    const text = licenseNotice({ OPERATOR_NAME: 'Op', OPERATOR_SITE: 'https://op.example', CONTACT_EMAIL: 'a@op.example' });
    expect(text).toMatch(/public-domain government material/);
    expect(text).toMatch(/copyright Op/);
    expect(text).toContain('https://op.example');
    expect(text).toContain('a@op.example');
  });
});

describe('McpEnvironment', () => {
  it('reads npm start’s api by default, over Streamable HTTP on port 3001', () => {
    expect(validateSettings(McpEnvironment, {})).toMatchObject({
      API_BASE_URL: 'http://127.0.0.1:3000',
      MCP_TRANSPORT: 'http',
      MCP_PORT: 3001,
      PUBLIC_API_URL: '',
    });
  });

  it('names every bad variable in one error', () => {
    expect(() =>
      validateSettings(McpEnvironment, { API_BASE_URL: 'localhost:3000', MCP_TRANSPORT: 'sse', MCP_PORT: 'x', API_KEY: 'two words' }),
    ).toThrow(
      /Invalid environment variables:\n(?=[\s\S]*API_BASE_URL="localhost:3000")(?=[\s\S]*MCP_TRANSPORT="sse": MCP_TRANSPORT must be http or stdio)(?=[\s\S]*MCP_PORT="x")(?=[\s\S]*API_KEY="two words")/,
    );
  });
});
