import { expect, test } from '@playwright/test';
import { addJudgeConnection, deleteJudgeConnection } from './fixtures/judge-connection';
import { promptText, requestSchemaName, startJudgeServer, type HandlerResult, type JudgeServer } from '../tests/helpers/judge-server';
import { saveScreen } from './fixtures/screens';

/*
 * Tool use as a user meets it: a deepeval file whose conversations carry available_tools,
 * tools_called and expected_tools, offered by the new-run form with the conversations it applies
 * to, run against a scripted judge, and read on the conversation page: the turn whose tools cost
 * points is "no" with its reason, the steps show each interaction, and a conversation without
 * tools says the metric does not apply and what it needs.
 */

const JUDGE = 'tool-use-judge';
const DATASET = 'E2E tool use: flights';

const conversations = [
  {
    name: 'flight booking',
    available_tools: [
      { name: 'search_flights', description: 'Flights between two airports on a date' },
      { name: 'book_flight', description: 'Books a flight for a passenger' },
      { name: 'get_weather', description: 'Weather forecast for a city' },
    ],
    turns: [
      { role: 'user', content: 'Find flights from Lisbon to Paris on 3 May.' },
      { role: 'assistant', content: 'There are three: 07:10, 09:40 and 18:05.', tools_called: [{ name: 'search_flights', input_parameters: { from: 'LIS', to: 'CDG', date: '2025-05-03' } }] },
      { role: 'user', content: 'Book the 09:40 one for Ana Silva.' },
      { role: 'assistant', content: 'Booked TP432. Paris will be sunny.', tools_called: [{ name: 'get_weather', input_parameters: { city: 'Paris' } }, { name: 'book_flight', input_parameters: { flight: 'TP432', passenger: 'PASSENGER' } }] },
      { role: 'user', content: 'Thanks! And the weather on 3 May?' },
      { role: 'assistant', content: 'Sunny, 21 °C.', tools_called: [{ name: 'get_weather', input_parameters: { city: 'Paris', date: '2025-05-03' } }], expected_tools: [{ name: 'get_weather' }] },
    ],
  },
  { name: 'small talk', turns: [{ role: 'user', content: 'Hello!' }, { role: 'assistant', content: 'Hi, where would you like to fly?' }] },
];

function answer(step: string | null, text: string): HandlerResult {
  const booking = text.includes('Book the 09:40');
  if (step === 'tool_use_selection') return { content: JSON.stringify(booking ? { score: 0.5, reason: 'get_weather was not needed to book the flight.' } : { score: 1, reason: 'search_flights fits the request.' }) };
  if (step === 'tool_use_arguments') return { content: JSON.stringify(booking ? { score: 0.75, reason: 'passenger is a placeholder, not Ana Silva.' } : { score: 1, reason: 'The arguments match the request.' }) };
  // Conversation relevancy runs beside it, so the conversation without tools has a result and says what tool use needs.
  if (step === 'conversation_relevancy_relevance') return { content: JSON.stringify({ verdict: 'yes', reason: 'The reply answers the message.' }) };
  if (step === 'reason') return { content: JSON.stringify({ reason: 'The booking called a tool it did not need.' }) };
  return { status: 500, headers: { 'x-should-retry': 'false' }, body: { error: { message: `no scripted answer for ${step}` } } };
}

let judge: JudgeServer;
let datasetId: string;

test.setTimeout(120_000);

test.beforeAll(async ({ browser }) => {
  judge = await startJudgeServer({ handler: (body) => answer(requestSchemaName(body), promptText(body)) });
  await addJudgeConnection(browser, { name: JUDGE, baseUrl: judge.url, apiKey: 'sk-e2e-tool-use', models: 'gpt-4.1' });
  const page = await browser.newPage();
  const params = new URLSearchParams({ name: DATASET, fileName: 'flights.json' });
  const response = await page.request.post(`/api/datasets/import?${params}`, { data: Buffer.from(JSON.stringify(conversations)) });
  expect(response.status()).toBe(201);
  datasetId = ((await response.json()) as { datasetId: string }).datasetId;
  await page.close();
});

test.afterAll(async ({ browser }) => {
  await deleteJudgeConnection(browser, JUDGE);
  await judge?.close();
});

test('tool use: offered for the conversation with tools, its costly turn marked "no", the other conversation not applicable', async ({ page }) => {
  await page.goto(`/runs/new?dataset=${datasetId}`);
  await expect(page.locator('#metric-tool_use-applies')).toHaveText(/Applies to 1 of 2 conversations \(the others lack tools_called on assistant turns/);

  const started = await page.request.post('/api/v1/runs', { data: { datasetId, metrics: ['tool_use', 'conversation_relevancy'], judge: { kind: 'openai', name: JUDGE, model: 'gpt-4.1' } } });
  expect(started.status(), await started.text()).toBe(202);
  const { id } = (await started.json()) as { id: string };
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/runs/${id}`)).json()) as { status: string }).status, { timeout: 60_000 }).toBe('completed');

  await page.goto(`/runs/${id}`);
  await page.getByRole('link', { name: 'flight booking' }).first().click();
  const turn4 = page.getByTestId('verdict-3-tool_use');
  await expect(turn4).toHaveAttribute('data-verdict', 'no');
  await expect(turn4).toContainText('passenger is a placeholder');
  await expect(page.getByTestId('verdict-1-tool_use')).toHaveAttribute('data-verdict', 'yes');
  await expect(page.getByTestId('verdict-5-tool_use')).toHaveAttribute('data-verdict', 'yes');
  await expect(page.getByText('Tools of each interaction')).toBeVisible();
  await expect(page.getByText('Tool selection (against the expected tools): 1')).toBeVisible();
  await saveScreen(page, 'tool-use-conversation');

  await page.goto(`/runs/${id}`);
  await page.getByRole('link', { name: 'small talk' }).first().click();
  await expect(page.getByTestId('not-applicable-tool_use')).toContainText('Tool use: not applicable (needs tools_called on assistant turns');
});
