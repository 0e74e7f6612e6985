import { Alert, Anchor, Badge, Code, Container, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { API_EXAMPLES, curlCommand, type ApiExample } from '@sciai/core';
import { PageSection } from '../components/page-section.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { apiConnection } from '../data/api-docs.ts';

const ANONYMOUS_PER_MINUTE = 100;
const TOKEN_PER_MINUTE = 600;

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
  return (
    <Stack component="article" aria-labelledby={id} gap="xs" data-operation={example.operationId}>
      <Group gap="xs" wrap="wrap">
        <Title order={3} id={id} size="h4">
          {example.title}
        </Title>
        <Badge variant="filled" color={example.method === 'GET' ? 'teal.9' : 'blue.8'}>
          {example.method}
        </Badge>
        <Code>{example.path.split('?')[0]}</Code>
      </Group>
      <Text size="sm">{example.summary}</Text>
      <Snippet label={`curl: ${example.title}`}>{curlCommand(example, origin)}</Snippet>
      <Snippet label={`supabase-js: ${example.title}`}>{example.supabaseJs}</Snippet>
      <Snippet label={`Sample answer: ${example.title}`}>{example.sampleAnswer}</Snippet>
    </Stack>
  );
}

const ERRORS: ReadonlyArray<[string, string, string]> = [
  ['400', 'PGRST100–PGRST127, 22P02, 22023', 'A malformed query or argument: the message names it.'],
  [
    '401',
    'PGRST301, invalid_api_token',
    'No or a wrong API key, an expired session, or an unknown, revoked or expired token.',
  ],
  ['403', '42501, read_only_token', 'Not allowed: a function not open to you, or a write with a personal token.'],
  ['404', 'PGRST202, PGRST205', 'No such function or table in the public API.'],
  ['413 / 414', 'request_too_large', 'A body or query past the gateway’s limits (256 KiB, 100 elements per list).'],
  ['429', 'over_request_rate_limit', 'Over the rate limit: wait for Retry-After seconds.'],
  ['504', '57014', 'The statement ran past its time limit.'],
];

/** /api: the public read API, its examples (run by the test suite), tokens, paging, errors and limits. */
export function ApiDocsPage() {
  usePageTitle('API');
  const { origin, anonKey } = apiConnection();
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>SciAI API</Title>
          <Text>
            Everything the site shows is readable by programs: the same search, details and feeds, over HTTP and JSON.
            The API is PostgREST behind the SciAI gateway, so any PostgREST or Supabase client works. The
            machine-readable description is <Anchor href="/api/openapi.json">/api/openapi.json</Anchor> (OpenAPI 3.1).
          </Text>
        </Stack>

        <PageSection id="api-authentication" title="Authentication">
          <Text>Every Data API request carries one of these:</Text>
          <List spacing="xs">
            <List.Item>
              <Text span fw={500}>
                The anon key
              </Text>{' '}
              in the <Code>apikey</Code> header: public, the same the web app uses. It reads what a visitor sees.
            </List.Item>
            <List.Item>
              <Text span fw={500}>
                A personal API token
              </Text>{' '}
              as <Code>Authorization: Bearer sciai_…</Code>, made in{' '}
              <Anchor component={Link} href="/settings?tab=security">
                Settings → Security → API tokens
              </Anchor>
              . It reads what your account may read (your saved items too), with a higher rate limit, and never writes:
              any request that would change something answers 403. It is shown once and lasts a year at most; revoke it
              there when it leaks. A new password, or signing out everywhere else, revokes all your tokens.
            </List.Item>
          </List>
          {anonKey && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                This site&apos;s anon key
              </Text>
              <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} aria-label="The anon key">
                {anonKey}
              </Code>
            </Stack>
          )}
          <Text size="sm">
            In the examples, set <Code>SCIAI_ANON_KEY</Code> to the anon key and <Code>SCIAI_TOKEN</Code> to your token
            (or to the anon key too). With supabase-js: <Code>createClient(url, anonKey)</Code>, and for a token{' '}
            <Code>{"createClient(url, anonKey, { global: { headers: { Authorization: 'Bearer sciai_…' } } })"}</Code>.
          </Text>
        </PageSection>

        <PageSection id="api-endpoints" title="Endpoints">
          <Text size="sm">
            Functions are called with POST and their arguments as a JSON object; tables are read with GET and
            PostgREST&apos;s query parameters (<Code>select</Code>, <Code>order</Code>, <Code>limit</Code>, filters such
            as <Code>slug=eq.alphafold</Code>). Every example below is sent to a running SciAI by the test suite.
          </Text>
          <Stack gap="xl">
            {API_EXAMPLES.map((example) => (
              <Endpoint key={example.operationId} example={example} origin={origin} />
            ))}
          </Stack>
        </PageSection>

        <PageSection id="api-paging" title="Paging">
          <Text>
            Search pages with <Code>page_offset</Code> and <Code>page_size</Code> (1 to 100, default 20) and answers the{' '}
            <Code>total</Code>: ask for the next page until the offset reaches it. Table reads page with{' '}
            <Code>limit</Code> and <Code>offset</Code>; send <Code>Prefer: count=exact</Code> to get the total in{' '}
            <Code>Content-Range</Code>.
          </Text>
        </PageSection>

        <PageSection id="api-errors" title="Errors">
          <Text>
            Errors are JSON in PostgREST&apos;s shape: <Code>{'{ "code", "message", "details", "hint" }'}</Code>.
          </Text>
          <Table striped withTableBorder layout="fixed" aria-label="Error answers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Status</Table.Th>
                <Table.Th>Codes</Table.Th>
                <Table.Th>Meaning</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ERRORS.map(([status, codes, meaning]) => (
                <Table.Tr key={status}>
                  <Table.Td>{status}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Code>{codes}</Code>
                  </Table.Td>
                  <Table.Td>{meaning}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </PageSection>

        <PageSection id="api-rate-limits" title="Rate limits">
          <Text>
            Requests are counted per endpoint (method and path, without the query) and minute: {ANONYMOUS_PER_MINUTE} a
            minute per address anonymously, {TOKEN_PER_MINUTE} a minute per personal token whatever the address.
          </Text>
          <Text>
            Every answer says where you stand, in the IETF RateLimit header fields
            (draft-ietf-httpapi-ratelimit-headers-11):
          </Text>
          <Code
            block
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          >{`RateLimit-Policy: "endpoint";q=${ANONYMOUS_PER_MINUTE};w=60
RateLimit: "endpoint";r=57;t=30`}</Code>
          <Text size="sm">
            <Code>q</Code> requests per <Code>w</Code> seconds; <Code>r</Code> left, whole again in <Code>t</Code>{' '}
            seconds. With a token the policy is <Code>&quot;token&quot;;q={TOKEN_PER_MINUTE};w=60</Code>. Over the limit
            the answer is 429 with <Code>Retry-After</Code> in seconds.
          </Text>
        </PageSection>

        <PageSection id="api-mcp" title="MCP for AI assistants">
          <Text>
            Agents can use the catalog through the Model Context Protocol at <Code>{`${origin}/mcp`}</Code> (Streamable
            HTTP, JSON answers) or <Code>npx sciai mcp</Code> over stdio: tools to search, read details and compare. It
            counts at the same limits; send your token as <Code>Authorization: Bearer sciai_…</Code> for the
            token&apos;s. A client that connects by URL takes:
          </Text>
          <Code
            block
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
            aria-label="MCP client configuration"
          >{`{ "mcpServers": { "sciai": { "type": "http", "url": "${origin}/mcp" } } }`}</Code>
          <Text size="sm">
            The README&apos;s section &ldquo;SciAI in an AI assistant (MCP)&rdquo; has the stdio setup for Claude
            Desktop and the list of tools.
          </Text>
        </PageSection>

        <Alert color="blue" title="Bulk data">
          For the whole catalog at once, download the{' '}
          <Anchor component={Link} href="/data" c="inherit" underline="always">
            open data dumps
          </Anchor>{' '}
          instead of paging through the API.
        </Alert>
      </Stack>
    </Container>
  );
}
