import { money, phone, type Topic } from './types';

export const telecom: Topic = {
  name: 'mobile plans',
  companies: ['Brightwave Mobile', 'Keystone Wireless', 'Lumo Telecom'],
  facts: [
    { key: 'phone number', value: phone, statements: ['My phone number is {v}.', 'The line is {v}.'] },
    { key: 'plan', value: (r) => r.pick(['Unlimited Plus', 'Basic 10 GB', 'Family Share', 'Prepaid Flex']), statements: ['My plan is {v}.', 'I am on the {v} plan.'] },
    { key: 'address', value: (r) => `${r.int(12, 980)} ${r.pick(['Maple', 'Cedar', 'Lake', 'Hill', 'Park'])} Street`, statements: ['I live at {v}.'] },
    { key: 'lines', value: (r) => String(r.int(2, 5)), statements: ['We have {v} lines on the account.'] },
  ],
  documents: [
    {
      params: (r) => ({ day: r.pick([5, 10, 12]), gb: r.pick([1, 2, 5]), countries: r.pick([140, 200, 210]) }),
      text: (p, c) =>
        `${c} international roaming costs ${money(+p.day)} per day in over ${p.countries} countries. Each roaming day includes ${p.gb} GB of data and unlimited texts. Roaming must be switched on in the account settings before travelling.`,
      questions: ['Will my phone work abroad?', 'How much does roaming cost?', 'I am travelling to Europe next week, what about data?'],
      answer: (p) => `Roaming costs ${money(+p.day)} a day in over ${p.countries} countries and includes ${p.gb} GB of data and unlimited texts. Switch it on in your account settings before you leave.`,
      contradiction: () => `Roaming is free in every country and turns itself on automatically.`,
      context: (p) => [`${money(+p.day)} per roaming day`, `${p.gb} GB of data per day`, 'Switch roaming on before travelling'],
    },
    {
      params: (r) => ({ price: r.pick([5, 10, 15]), gb: r.pick([1, 3, 5]), speed: r.pick([128, 256, 512]) }),
      text: (p) =>
        `Customers who reach their data limit are slowed to ${p.speed} kbps until the next billing cycle. A top-up of ${p.gb} GB costs ${money(+p.price)} and is valid until the end of the cycle. Top-ups can be bought in the app.`,
      questions: ['I ran out of data. What are my options?', 'Why is my internet so slow?', 'How much is extra data?'],
      answer: (p) => `Once you reach your limit, speed drops to ${p.speed} kbps until the next cycle. A ${p.gb} GB top-up costs ${money(+p.price)} in the app and lasts until the end of the cycle.`,
      contradiction: (p) => `Extra data is billed automatically at ${money(+p.price * 4)} per GB, and speed is never reduced.`,
      context: (p) => [`Slowed to ${p.speed} kbps after the limit`, `${p.gb} GB top-up for ${money(+p.price)}`],
    },
    {
      params: (r) => ({ fee: r.pick([100, 150, 200]), months: r.pick([12, 24]), monthly: r.pick([5, 8]) }),
      text: (p) =>
        `Contracts run for ${p.months} months. Cancelling early costs ${money(+p.fee)}, reduced by ${money(+p.monthly)} for every month already served. Device balances become due in full on cancellation.`,
      questions: ['What happens if I cancel my contract early?', 'Is there a fee to leave?', 'How long is my contract?'],
      answer: (p) => `Contracts last ${p.months} months. Leaving early costs ${money(+p.fee)}, minus ${money(+p.monthly)} for each month you have served, and any device balance becomes due.`,
      contradiction: () => `You can cancel at any time without a fee, and device balances are forgiven.`,
      context: (p) => [`${p.months}-month contracts`, `Early termination fee ${money(+p.fee)}`, 'Device balance due on cancellation'],
    },
    {
      params: (r) => ({ hours: r.pick([2, 4, 24]), pin: r.pick([4, 6]) }),
      text: (p) =>
        `Numbers can be moved from another carrier with the account number and a ${p.pin}-digit transfer PIN from that carrier. Most transfers finish within ${p.hours} hours. The old service is cancelled automatically once the move completes.`,
      questions: ['Can I keep my number if I switch to you?', 'How long does a number transfer take?', 'What do I need to port my number?'],
      answer: (p) => `Yes, bring your old carrier's account number and ${p.pin}-digit transfer PIN. Most transfers finish within ${p.hours} hours and the old service is cancelled automatically.`,
      contradiction: () => `Number transfers take about three weeks and you must cancel the old service yourself first.`,
      context: (p) => [`${p.pin}-digit transfer PIN needed`, `Transfers finish within ${p.hours} hours`],
    },
    {
      params: (r) => ({ months: r.pick([24, 36]), down: r.pick([0, 50, 100]), apr: 0 }),
      text: (p) =>
        `New phones can be paid over ${p.months} months at 0% APR. The down payment is ${money(+p.down)} for customers with good credit. Paying off the balance early carries no penalty.`,
      questions: ['Can I pay for a new phone monthly?', 'Do I need a down payment for a phone?', 'Is there interest on phone payments?'],
      answer: (p) => `You can spread a new phone over ${p.months} months at 0% APR, with ${money(+p.down)} down if your credit is good. Paying it off early has no penalty.`,
      contradiction: () => `Phone payments carry 12% APR and early payoff costs a penalty.`,
      context: (p) => [`${p.months} months at 0% APR`, `Down payment ${money(+p.down)}`, 'No early payoff penalty'],
    },
  ],
};
