import type { Conversation, Turn } from '@/lib/domain/conversation';

/*
 * A ten-exchange broadband support chat with data for every metric: each assistant turn
 * has retrieval context, an expected output and context items, and the conversation has
 * an expected outcome; each reply searches the help centre, a tool among those available.
 * Exchange 4 misstates the fee, so verdicts are not all "yes".
 */

const exchanges: [user: string, reply: string, document: string, expected: string, context: string[]][] = [
  ['Hi, I am Sam Ortiz, account BB-7731.', 'Hello Sam. Account BB-7731 is on the 500 Mbps fibre plan.', 'Account BB-7731 is on the 500 Mbps fibre plan.', 'Account BB-7731 has the 500 Mbps fibre plan.', ['500 Mbps fibre plan']],
  ['My internet drops every evening.', 'Evening drops are often caused by Wi-Fi congestion on the 2.4 GHz band.', 'Evening drops are usually caused by Wi-Fi congestion on the 2.4 GHz band.', 'Evening drops usually come from 2.4 GHz congestion.', ['2.4 GHz congestion causes drops']],
  ['How do I switch bands?', 'Open the router page at 192.168.1.1 and enable the 5 GHz band.', 'The router settings page is at 192.168.1.1, where the 5 GHz band can be enabled.', 'Enable 5 GHz on the router page at 192.168.1.1.', ['router page 192.168.1.1', 'enable 5 GHz']],
  ['Is there a fee for an engineer visit?', 'An engineer visit costs 90 euros.', 'An engineer visit costs 60 euros.', 'An engineer visit costs 60 euros.', ['engineer visit costs 60 euros']],
  ['My postcode is D04 X2Y7.', 'An engineer can visit D04 X2Y7 within three working days.', 'Engineers visit within three working days of booking.', 'An engineer visits within three working days.', ['visit within three working days']],
  ['Can I get a new router instead?', 'Yes, a replacement router ships free within two days.', 'Replacement routers ship free of charge within two days.', 'A replacement router ships free within two days.', ['free replacement router', 'ships within two days']],
  ['Will my settings be kept?', 'The new router restores your settings from the cloud backup.', 'New routers restore customer settings from the cloud backup.', 'Settings are restored from the cloud backup.', ['settings restored from cloud backup']],
  ['How long is the contract?', 'Your contract runs for 12 months from activation.', 'Fibre contracts run for 12 months from activation.', 'The contract runs 12 months from activation.', ['12 month contract']],
  ['Can I cancel early?', 'Early cancellation costs the remaining monthly fees.', 'Cancelling early costs the remaining monthly fees of the contract.', 'Early cancellation costs the remaining monthly fees.', ['remaining monthly fees on early cancellation']],
  ['Thanks, send the router please.', 'Done, Sam. The router will go to the address on account BB-7731.', 'Routers are sent to the address on the account.', 'The router goes to the account address.', ['router sent to account address']],
];

export const supportChat: Conversation = {
  externalId: 'support-chat',
  chatbotRole: 'A friendly broadband support agent who helps customers with their router and contract.',
  expectedOutcome: 'The customer learns the cause of the drops and gets a free replacement router.',
  relevantTopics: ['broadband routers', 'broadband contracts'],
  availableTools: [{ name: 'search_help_centre', description: 'Searches the help-centre articles' }, { name: 'book_engineer', description: 'Books an engineer visit' }],
  turns: exchanges.flatMap(([user, reply, document, expected, context]): Turn[] => [
    { role: 'user', content: user },
    { role: 'assistant', content: reply, retrievalContext: [document], expectedOutput: expected, context, toolsCalled: [{ name: 'search_help_centre', input_parameters: { query: user } }] },
  ]),
};
