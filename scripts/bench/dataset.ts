import type { Conversation, Turn } from '../../lib/domain/conversation';
import { createRng, type Rng } from './random';
import { TOPICS, type DocumentSpec, type FactSpec, type Params, type Topic } from './topics';
import { GENERIC_DOCUMENTS } from './topics/generic';

/*
 * A synthetic RAG support dataset: each conversation is one customer talking to one company's
 * assistant about one topic. Assistant turns retrieve 2-3 documents from the company's small
 * knowledge base, so documents come back across turns as they do in real retrieval. Most
 * replies follow their documents; some contradict them, re-ask for something the user already
 * gave, or answer a different question. Replies retrieve through a search tool (tool_use).
 */

/** The tools every bench assistant may call (tool_use holds its calls against them). */
const BENCH_TOOLS = [
  { name: 'search_knowledge_base', description: "Searches the company's knowledge base", input_parameters: { query: 'text' } },
  { name: 'lookup_customer', description: "Reads a customer's account by name or number", input_parameters: { customer: 'text' } },
  { name: 'escalate_to_human', description: 'Hands the conversation to a human agent', input_parameters: { reason: 'text' } },
];

/** Chance that a retrieved neighbour is the document the previous turn was about (the query carries the conversation). */
const CARRY_OVER = 0.35;

export interface DatasetOptions {
  conversations: number;
  exchanges: number;
  seed: number;
}

export interface DatasetStats {
  conversations: number;
  turns: number;
  /** Documents attached to assistant turns, counting repeats. */
  documentSlots: number;
  /** Slots whose document an earlier turn of the same conversation already retrieved. */
  repeatedSlots: number;
  replies: Record<ReplyKind, number>;
  userFacts: number;
}

type ReplyKind = 'faithful' | 'contradiction' | 'reask' | 'offTopic';

const FIRST = ['Maria', 'James', 'Aisha', 'Chen', 'Olivia', 'Mateo', 'Priya', 'Lucas', 'Fatima', 'Noah', 'Elena', 'Kwame', 'Sofia', 'Ivan', 'Grace', 'Omar'];
const LAST = ['Lopez', 'Carter', 'Khan', 'Wei', 'Novak', 'Silva', 'Patel', 'Moreau', 'Haddad', 'Brooks', 'Rossi', 'Mensah', 'Larsen', 'Petrov', 'Kim', 'Farah'];
const GREETINGS = ['Hi, my name is {n}.', 'Hello, this is {n}.', "Hi there, I'm {n}.", 'Good morning, my name is {n}.'];
const LEADS = ['', '', 'Also, ', 'One more thing. ', 'OK, thanks. ', 'Thanks. ', 'Another question: ', 'Got it. '];
const OPENERS = ['', '', 'Sure. ', 'Good question. ', 'Happy to help. ', 'Of course. '];
const CLOSINGS = ['', '', '', ' Is there anything else I can help with?', ' Let me know if you need anything else.'];
const REASKS = [
  'Before I look into that, could you give me your {k} again?',
  'Sure, I can check that. What is your {k}?',
  'I can help with that. Could you please confirm your {k} first?',
];

const lowerFirst = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);
const fill = (template: string, values: Record<string, string>): string => template.replace(/\{(\w)\}/g, (_, k: string) => values[k] ?? '');

interface Document {
  spec: DocumentSpec;
  params: Params;
  text: string;
}

interface Known {
  fact: FactSpec;
  value: string;
}

function userMessage(rng: Rng, k: number, name: string, facts: FactSpec[], known: Known[], question: string): { text: string; stated: number } {
  const parts: string[] = [];
  let stated = 0;
  const state = (): void => {
    const fact = facts[known.length];
    if (!fact) return;
    const value = fact.value(rng);
    known.push({ fact, value });
    parts.push(fill(rng.pick(fact.statements), { v: value }));
    stated++;
  };
  if (k === 0) {
    parts.push(fill(rng.pick(GREETINGS), { n: name }));
    state();
  } else {
    if (rng.chance(0.35)) state();
    else if (known.length > 0 && rng.chance(0.06)) {
      // A correction: the new value sits beside the old one in knowledge_retention's facts.
      const old = rng.pick(known);
      const value = old.fact.value(rng);
      parts.push(`Sorry, I gave you the wrong ${old.fact.key}: it is ${value}.`);
      known.push({ fact: old.fact, value });
      stated++;
    }
  }
  const lead = k === 0 || parts.length > 0 ? '' : rng.pick(LEADS);
  parts.push(/[,:] $/.test(lead) ? lead + lowerFirst(question) : lead + question);
  return { text: parts.join(' '), stated };
}

function buildConversation(rng: Rng, index: number, topic: Topic, exchanges: number, stats: DatasetStats): Conversation {
  const company = rng.pick(topic.companies);
  const first = rng.pick(FIRST);
  const name = `${first} ${rng.pick(LAST)}`;
  const documents: Document[] = topic.documents.map((spec) => {
    const params = spec.params(rng);
    return { spec, params, text: spec.text(params, company) };
  });
  const facts = rng.shuffle(topic.facts);
  const known: Known[] = [];
  // Every document is asked about once in a random order, then follow-ups revisit earlier ones.
  const order = rng.shuffle(documents.map((_, i) => i));
  while (order.length < exchanges) order.push(rng.int(0, documents.length - 1));

  const generic = GENERIC_DOCUMENTS.map((make) => make(company, rng));
  const retrieved = new Set<string>();
  const turns: Turn[] = [];
  for (let k = 0; k < exchanges; k++) {
    const primary = documents[order[k]];
    const asked = turns.filter((t) => t.role === 'user').map((t) => t.content);
    const fresh = primary.spec.questions.filter((q) => !asked.some((a) => a.endsWith(q)));
    const question = rng.pick(fresh.length > 0 ? fresh : primary.spec.questions);
    const user = userMessage(rng, k, name, facts, known, question);
    stats.userFacts += user.stated;
    turns.push({ role: 'user', content: user.text });

    const roll = rng.next();
    const kind: ReplyKind = k === 0 ? 'faithful' : roll < 0.12 ? 'contradiction' : roll < 0.24 ? 'reask' : roll < 0.3 ? 'offTopic' : 'faithful';
    stats.replies[kind]++;
    const greet = k === 0 ? `Hello ${first}, thanks for contacting ${company}. ` : rng.chance(0.15) ? `Thanks, ${first}. ` : rng.pick(OPENERS);
    const other = documents[(order[k] + rng.int(1, documents.length - 1)) % documents.length];
    const content =
      kind === 'faithful'
        ? greet + primary.spec.answer(primary.params) + rng.pick(CLOSINGS)
        : kind === 'contradiction'
          ? greet + primary.spec.contradiction(primary.params)
          : kind === 'reask'
            ? fill(rng.pick(REASKS), { k: rng.pick(known).fact.key }) + (rng.chance(0.5) ? ` In general, ${lowerFirst(primary.spec.answer(primary.params))}` : '')
            : greet + other.spec.answer(other.params);

    // The best match first, then one or two neighbours from the same knowledge base.
    const previous = k > 0 ? documents[order[k - 1]].text : null;
    const pool = rng.shuffle([...documents.map((d) => d.text), ...generic].filter((t) => t !== primary.text && t !== previous));
    const neighbours = Array.from({ length: rng.int(1, 2) }, (_, n) => (n === 0 && previous !== null && previous !== primary.text && rng.chance(CARRY_OVER) ? previous : pool[n]));
    const retrievalContext = [primary.text, ...new Set(neighbours)];
    stats.documentSlots += retrievalContext.length;
    for (const text of retrievalContext) {
      if (retrieved.has(text)) stats.repeatedSlots++;
      retrieved.add(text);
    }
    // The assistant retrieves through a search tool (tool_use), except when it asks the user again;
    // every fifth conversation also says which tool each reply should have called.
    const searched = [{ name: 'search_knowledge_base', input_parameters: { query: question } }];
    turns.push({
      role: 'assistant',
      content,
      retrievalContext,
      expectedOutput: primary.spec.answer(primary.params),
      context: primary.spec.context(primary.params),
      ...(kind === 'reask' ? {} : { toolsCalled: searched }),
      ...(index % 5 === 4 ? { expectedTools: [{ name: 'search_knowledge_base' }] } : {}),
    });
  }
  stats.turns += turns.length;
  // What the conversation should leave the user knowing (turn_contextual_recall): its first two answers.
  const expectedOutcome = turns.flatMap((t) => (t.role === 'assistant' && t.expectedOutput ? [t.expectedOutput] : [])).slice(0, 2).join(' ');
  return {
    externalId: `bench-${index + 1}`,
    name: `${topic.name} #${index + 1}`,
    scenario: `${name} asks ${company} about ${topic.name}`,
    expectedOutcome,
    chatbotRole: `${company}'s polite ${topic.name} assistant, answering from its knowledge base`,
    relevantTopics: [topic.name],
    availableTools: BENCH_TOOLS,
    turns,
  };
}

/** The same conversations for the same options; conversation i does not depend on how many are built. */
export function buildDataset(options: DatasetOptions): { conversations: Conversation[]; stats: DatasetStats } {
  const stats: DatasetStats = {
    conversations: options.conversations,
    turns: 0,
    documentSlots: 0,
    repeatedSlots: 0,
    replies: { faithful: 0, contradiction: 0, reask: 0, offTopic: 0 },
    userFacts: 0,
  };
  const conversations = Array.from({ length: options.conversations }, (_, i) => {
    const rng = createRng(Math.imul(options.seed + 1, 0x9e3779b1) ^ Math.imul(i + 1, 0x85ebca6b));
    return buildConversation(rng, i, TOPICS[i % TOPICS.length], options.exchanges, stats);
  });
  return { conversations, stats };
}
