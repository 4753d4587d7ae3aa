import { digits, money, phone, type Topic } from './types';

export const banking: Topic = {
  name: 'banking',
  companies: ['Northwind Bank', 'Harbor Credit Union', 'Summit Federal Bank', 'Bluestone Savings'],
  facts: [
    { key: 'account number', value: (r) => digits(r, 8), statements: ['My account number is {v}.', 'The account number is {v}.'] },
    { key: 'phone number', value: phone, statements: ['My phone number is {v}.', 'You can reach me at {v}.'] },
    { key: 'city', value: (r) => r.pick(['Denver', 'Austin', 'Portland', 'Columbus', 'Raleigh', 'Tucson']), statements: ['I live in {v}.'] },
    { key: 'employer', value: (r) => r.pick(['a hospital', 'the city council', 'a logistics firm', 'a software company']), statements: ['I work for {v}.'] },
  ],
  documents: [
    {
      params: (r) => ({ fee: r.pick([25, 29, 32, 35]), max: r.int(3, 6), hours: r.pick([24, 48]), transfer: r.pick([5, 10, 12]) }),
      text: (p, c) =>
        `${c} charges an overdraft fee of ${money(+p.fee)} per item, up to ${p.max} fees per day. Overdraft protection can link a savings account, and each protective transfer costs ${money(+p.transfer)}. The fee is waived when the balance is brought back above zero within ${p.hours} hours.`,
      questions: ['What happens if I overdraw my checking account?', 'How much is the overdraft fee?', 'Can you explain the overdraft charges to me?'],
      answer: (p) => `The overdraft fee is ${money(+p.fee)} per item, with at most ${p.max} fees a day. If you bring the balance back above zero within ${p.hours} hours, the fee is waived.`,
      contradiction: (p) => `The overdraft fee is ${money(+p.fee + 15)} per item and there is no daily cap. Once charged, the fee cannot be waived.`,
      context: (p) => [`Overdraft fee of ${money(+p.fee)} per item`, `At most ${p.max} overdraft fees per day`, `Fee waived if the balance is restored within ${p.hours} hours`],
    },
    {
      params: (r) => ({ dom: r.pick([15, 20, 25]), intl: r.pick([35, 40, 45]), cutoff: r.pick([3, 4, 5]), days: r.int(1, 3), limit: r.pick([25000, 50000, 100000]) }),
      text: (p, c) =>
        `Domestic wire transfers at ${c} cost ${money(+p.dom)} and arrive the same business day when sent before ${p.cutoff} p.m. International wires cost ${money(+p.intl)} and take ${p.days} to ${+p.days + 2} business days. The daily wire limit in online banking is ${money(+p.limit)}.`,
      questions: ['How much does it cost to send a wire?', 'I need to send money abroad. What are the wire fees?', 'What is the daily limit for wire transfers?'],
      answer: (p) => `A domestic wire costs ${money(+p.dom)} and arrives the same business day if you send it before ${p.cutoff} p.m. An international wire costs ${money(+p.intl)}, and online banking lets you wire up to ${money(+p.limit)} a day.`,
      contradiction: (p) => `International wires are free and arrive within one hour. The daily wire limit is ${money(+p.limit * 2)}.`,
      context: (p) => [`Domestic wire fee ${money(+p.dom)}`, `International wire fee ${money(+p.intl)}`, `Daily online wire limit ${money(+p.limit)}`],
    },
    {
      params: (r) => ({ days: r.int(5, 7), express: r.pick([15, 20, 25]), report: r.pick([2, 60]) }),
      text: (p) =>
        `A lost or stolen debit card can be frozen instantly in the mobile app. A replacement card arrives within ${p.days} business days, and express delivery costs ${money(+p.express)}. Customers are not liable for unauthorized charges reported within ${p.report} days.`,
      questions: ['I think I lost my debit card. What should I do?', 'How long does a replacement card take?', 'Someone may have stolen my card, am I liable for the charges?'],
      answer: (p) => `You can freeze the card right away in the mobile app. A replacement arrives within ${p.days} business days, or faster with express delivery for ${money(+p.express)}.`,
      contradiction: (p) => `Cards can only be frozen by visiting a branch, and a replacement takes ${+p.days + 10} business days.`,
      context: (p) => ['Freeze the card in the mobile app', `Replacement card within ${p.days} business days`, `Express delivery costs ${money(+p.express)}`],
    },
    {
      params: (r) => ({ apy: r.pick(['3.10', '3.40', '3.75', '4.05']), min: r.pick([500, 1000, 2500]), withdrawals: r.int(4, 6), extra: r.pick([5, 10]) }),
      text: (p, c) =>
        `The High Yield Savings account at ${c} pays ${p.apy}% APY on balances above ${money(+p.min)}. Interest is compounded daily and credited monthly. Up to ${p.withdrawals} withdrawals per month are free, and each extra withdrawal costs ${money(+p.extra)}.`,
      questions: ['What interest rate does the savings account pay?', 'Is there a limit on savings withdrawals?', 'Tell me about the high yield savings account.'],
      answer: (p) => `The High Yield Savings account pays ${p.apy}% APY on balances above ${money(+p.min)}, compounded daily. You get ${p.withdrawals} free withdrawals a month, then ${money(+p.extra)} each.`,
      contradiction: (p) => `The High Yield Savings account pays ${(+p.apy + 2).toFixed(2)}% APY with no minimum balance, and withdrawals are unlimited.`,
      context: (p) => [`${p.apy}% APY on balances above ${money(+p.min)}`, `${p.withdrawals} free withdrawals per month`],
    },
    {
      params: (r) => ({ lo: r.pick([1000, 2000, 3000]), hi: r.pick([35000, 40000, 50000]), t1: 12, t2: r.pick([60, 72, 84]), rate: r.pick(['7.49', '8.25', '8.99']), hours: r.pick([24, 48]) }),
      text: (p) =>
        `Personal loans range from ${money(+p.lo)} to ${money(+p.hi)} with terms of ${p.t1} to ${p.t2} months. Rates start at ${p.rate}% APR for customers who enroll in autopay. A decision is usually given within ${p.hours} hours of a complete application.`,
      questions: ['Can I get a personal loan?', 'How much can I borrow with a personal loan?', 'What rate would a personal loan have?'],
      answer: (p) => `Personal loans go from ${money(+p.lo)} to ${money(+p.hi)} over ${p.t1} to ${p.t2} months, with rates from ${p.rate}% APR if you use autopay. You usually get a decision within ${p.hours} hours.`,
      contradiction: (p) => `Personal loans go up to ${money(+p.hi * 3)} and rates start at 2.99% APR for everyone.`,
      context: (p) => [`Loans from ${money(+p.lo)} to ${money(+p.hi)}`, `Rates from ${p.rate}% APR with autopay`, `Decision within ${p.hours} hours`],
    },
    {
      params: (r) => ({ limit: r.pick([5000, 10000, 15000]), cutoff: r.pick([8, 9]), keep: r.pick([14, 30]) }),
      text: (p) =>
        `Mobile check deposits of up to ${money(+p.limit)} per day are accepted in the app. Deposits made before ${p.cutoff} p.m. Eastern are available the next business day. Keep the paper check for ${p.keep} days after the deposit, then destroy it.`,
      questions: ['Can I deposit a check with my phone?', 'When will my mobile deposit be available?', 'Is there a limit on mobile check deposits?'],
      answer: (p) => `Yes, the app accepts check deposits up to ${money(+p.limit)} a day. Deposits made before ${p.cutoff} p.m. Eastern are available the next business day; keep the check for ${p.keep} days.`,
      contradiction: (p) => `Mobile deposits are limited to ${money(+p.limit / 10)} a day and take two weeks to clear.`,
      context: (p) => [`Mobile deposit limit ${money(+p.limit)} per day`, `Deposits before ${p.cutoff} p.m. available next business day`],
    },
  ],
};
