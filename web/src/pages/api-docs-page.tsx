import { Alert, Anchor, Badge, Code, Container, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { API_EXAMPLES, curlCommand, type ApiExample } from '@sciai/core';
import { PageSection } from '../components/page-section.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { apiConnection } from '../data/api-docs.ts';
import { msg, t, Trans } from '../i18n/index.ts';

const ANONYMOUS_PER_MINUTE = 100;
const TOKEN_PER_MINUTE = 600;

/** Code to copy: the same in every language. */
const RATE_LIMIT_HEADERS = `RateLimit-Policy: "endpoint";q=${ANONYMOUS_PER_MINUTE};w=60
RateLimit: "endpoint";r=57;t=30`;
const mcpClientConfig = (origin: string) => `{ "mcpServers": { "sciai": { "type": "http", "url": "${origin}/mcp" } } }`;

function Snippet({ label, children }: { label: string; children: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} aria-label={label}>
        {children}
      </Code>
    </Stack>
  );
}

function Endpoint({ example, origin }: { example: ApiExample; origin: string }) {
  const id = `endpoint-${example.operationId}`;
  const title = t(example.title);
  return (
    <Stack component="article" aria-labelledby={id} gap="xs" data-operation={example.operationId}>
      <Group gap="xs" wrap="wrap">
        <Title order={3} id={id} size="h4">
          {title}
        </Title>
        <Badge variant="filled" color={example.method === 'GET' ? 'teal.9' : 'blue.8'}>
          {example.method}
        </Badge>
        <Code>{example.path.split('?')[0]}</Code>
      </Group>
      <Text size="sm">{t(example.summary)}</Text>
      <Snippet label={t('curl: {title}', { title })}>{curlCommand(example, origin)}</Snippet>
      <Snippet label={t('supabase-js: {title}', { title })}>{example.supabaseJs}</Snippet>
      <Snippet label={t('Sample answer: {title}', { title })}>{example.sampleAnswer}</Snippet>
    </Stack>
  );
}

/** Status, codes and a meaning: a message, translated where shown. */
const ERRORS: ReadonlyArray<[string, string, string]> = [
  ['400', 'PGRST100–PGRST127, 22P02, 22023', msg('A malformed query or argument: the message names it.')],
  [
    '401',
    'PGRST301, invalid_api_token',
    msg('No or a wrong API key, an expired session, or an unknown, revoked or expired token.'),
  ],
  ['403', '42501, read_only_token', msg('Not allowed: a function not open to you, or a write with a personal token.')],
  ['404', 'PGRST202, PGRST205', msg('No such function or table in the public API.')],
  [
    '413 / 414',
    'request_too_large',
    msg('A body or query past the gateway’s limits (256 KiB, 100 elements per list).'),
  ],
  ['429', 'over_request_rate_limit', msg('Over the rate limit: wait for Retry-After seconds.')],
  ['504', '57014', msg('The statement ran past its time limit.')],
];

/** /api: the public read API, its examples (run by the test suite), tokens, paging, errors and limits. */
export function ApiDocsPage() {
  usePageTitle(t('API'));
  const { origin, anonKey } = apiConnection();
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>{t('SciAI API')}</Title>
          <Text>
            <Trans
              id="Everything the site shows is readable by programs: the same search, details and feeds, over HTTP and JSON. The API is PostgREST behind the SciAI gateway, so any PostgREST or Supabase client works. The machine-readable description is <0>/api/openapi.json</0> (OpenAPI 3.1)."
              components={{ 0: <Anchor href="/api/openapi.json" /> }}
            />
          </Text>
        </Stack>

        <PageSection id="api-authentication" title={t('Authentication')}>
          <Text>{t('Every Data API request carries one of these:')}</Text>
          <List spacing="xs">
            <List.Item>
              <Trans
                id="<0>The anon key</0> in the <1>apikey</1> header: public, the same the web app uses. It reads what a visitor sees."
                components={{ 0: <Text span fw={500} />, 1: <Code /> }}
              />
            </List.Item>
            <List.Item>
              <Trans
                id="<0>A personal API token</0> as <1>Authorization: Bearer sciai_…</1>, made in <2>Settings → Security → API tokens</2>. It reads what your account may read (your saved items too), with a higher rate limit, and never writes: any request that would change something answers 403. It is shown once and lasts a year at most; revoke it there when it leaks. A new password, or signing out everywhere else, revokes all your tokens."
                components={{
                  0: <Text span fw={500} />,
                  1: <Code />,
                  2: <Anchor component={Link} href="/settings?tab=security" />,
                }}
              />
            </List.Item>
          </List>
          {anonKey && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t("This site's anon key")}
              </Text>
              <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} aria-label={t('The anon key')}>
                {anonKey}
              </Code>
            </Stack>
          )}
          <Text size="sm">
            <Trans
              id="In the examples, set <0>SCIAI_ANON_KEY</0> to the anon key and <1>SCIAI_TOKEN</1> to your token (or to the anon key too). With supabase-js: <2>createClient(url, anonKey)</2>, and for a token <3>{code}</3>."
              values={{
                code: "createClient(url, anonKey, { global: { headers: { Authorization: 'Bearer sciai_…' } } })",
              }}
              components={{ 0: <Code />, 1: <Code />, 2: <Code />, 3: <Code /> }}
            />
          </Text>
        </PageSection>

        <PageSection id="api-endpoints" title={t('Endpoints')}>
          <Text size="sm">
            <Trans
              id="Functions are called with POST and their arguments as a JSON object; tables are read with GET and PostgREST's query parameters (<0>select</0>, <0>order</0>, <0>limit</0>, filters such as <0>slug=eq.alphafold</0>). Every example below is sent to a running SciAI by the test suite."
              components={{ 0: <Code /> }}
            />
          </Text>
          <Stack gap="xl">
            {API_EXAMPLES.map((example) => (
              <Endpoint key={example.operationId} example={example} origin={origin} />
            ))}
          </Stack>
        </PageSection>

        <PageSection id="api-paging" title={t('Paging')}>
          <Text>
            <Trans
              id="Search pages with <0>page_offset</0> and <0>page_size</0> (1 to 100, default 20) and answers the <0>total</0>: ask for the next page until the offset reaches it. Table reads page with <0>limit</0> and <0>offset</0>; send <0>Prefer: count=exact</0> to get the total in <0>Content-Range</0>."
              components={{ 0: <Code /> }}
            />
          </Text>
        </PageSection>

        <PageSection id="api-errors" title={t('Errors')}>
          <Text>
            <Trans
              id="Errors are JSON in PostgREST's shape: <0>{shape}</0>."
              values={{ shape: '{ "code", "message", "details", "hint" }' }}
              components={{ 0: <Code /> }}
            />
          </Text>
          <Table striped withTableBorder layout="fixed" aria-label={t('Error answers')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Status')}</Table.Th>
                <Table.Th>{t('Codes')}</Table.Th>
                <Table.Th>{t('Meaning')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ERRORS.map(([status, codes, meaning]) => (
                <Table.Tr key={status}>
                  <Table.Td>{status}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Code>{codes}</Code>
                  </Table.Td>
                  <Table.Td>{t(meaning)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </PageSection>

        <PageSection id="api-rate-limits" title={t('Rate limits')}>
          <Text>
            {t(
              'Requests are counted per endpoint (method and path, without the query) and minute: {anonymous} a minute per address anonymously, {token} a minute per personal token whatever the address.',
              { anonymous: ANONYMOUS_PER_MINUTE, token: TOKEN_PER_MINUTE },
            )}
          </Text>
          <Text>
            {t(
              'Every answer says where you stand, in the IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers-11):',
            )}
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {RATE_LIMIT_HEADERS}
          </Code>
          <Text size="sm">
            <Trans
              id="<0>q</0> requests per <0>w</0> seconds; <0>r</0> left, whole again in <0>t</0> seconds. With a token the policy is <0>{policy}</0>. Over the limit the answer is 429 with <0>Retry-After</0> in seconds."
              values={{ policy: `"token";q=${TOKEN_PER_MINUTE};w=60` }}
              components={{ 0: <Code /> }}
            />
          </Text>
        </PageSection>

        <PageSection id="api-mcp" title={t('MCP for AI assistants')}>
          <Text>
            <Trans
              id="Agents can use the catalog through the Model Context Protocol at <0>{url}</0> (Streamable HTTP, JSON answers) or <0>npx sciai mcp</0> over stdio: tools to search, read details and compare. It counts at the same limits; send your token as <0>Authorization: Bearer sciai_…</0> for the token's. A client that connects by URL takes:"
              values={{ url: `${origin}/mcp` }}
              components={{ 0: <Code /> }}
            />
          </Text>
          <Code
            block
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
            aria-label={t('MCP client configuration')}
          >
            {mcpClientConfig(origin)}
          </Code>
          <Text size="sm">
            {t(
              "The README's section “SciAI in an AI assistant (MCP)” has the stdio setup for Claude Desktop and the list of tools.",
            )}
          </Text>
        </PageSection>

        <Alert color="blue" title={t('Bulk data')}>
          <Trans
            id="For the whole catalog at once, download the <0>open data dumps</0> instead of paging through the API."
            components={{ 0: <Anchor component={Link} href="/data" c="inherit" underline="always" /> }}
          />
        </Alert>
      </Stack>
    </Container>
  );
}
