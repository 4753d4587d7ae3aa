import { digits, letters, money, type Topic } from './types';

export const insurance: Topic = {
  name: 'car insurance',
  companies: ['Crestline Insurance', 'Oakridge Mutual', 'Pioneer Auto Cover'],
  facts: [
    { key: 'policy number', value: (r) => `${letters(r, 2)}-${digits(r, 5)}-${letters(r, 1)}`, statements: ['My policy number is {v}.', 'The policy number is {v}.'] },
    { key: 'car', value: (r) => `${r.int(2014, 2023)} ${r.pick(['Honda Civic', 'Toyota RAV4', 'Ford Focus', 'Subaru Outback', 'Kia Niro'])}`, statements: ['My car is a {v}.', 'I drive a {v}.'] },
    { key: 'zip code', value: (r) => digits(r, 5), statements: ['My zip code is {v}.'] },
    { key: 'years insured', value: (r) => String(r.int(2, 12)), statements: ['I have been insured with you for {v} years.'] },
  ],
  documents: [
    {
      params: (r) => ({ tows: r.int(3, 5), miles: r.pick([15, 25, 50]), price: r.pick([18, 24]) }),
      text: (p, c) =>
        `${c} roadside assistance costs ${money(+p.price)} a year and covers towing up to ${p.miles} miles, jump starts and lockouts. Members get up to ${p.tows} service calls per policy year. Help can be requested in the app or by phone at any hour.`,
      questions: ['Does my policy include roadside assistance?', 'How far will you tow my car?', 'My car broke down, who do I call?'],
      answer: (p) => `Roadside assistance is ${money(+p.price)} a year and covers towing up to ${p.miles} miles, jump starts and lockouts, up to ${p.tows} calls a year. Request help in the app or by phone at any hour.`,
      contradiction: () => `Towing is unlimited in distance, and there is no cap on service calls.`,
      context: (p) => [`Towing up to ${p.miles} miles`, `Up to ${p.tows} service calls per year`, 'Request help in the app or by phone'],
    },
    {
      params: (r) => ({ days: r.pick([30, 60]), adjuster: r.pick([2, 3]), pay: r.pick([5, 7]) }),
      text: (p) =>
        `Claims should be filed within ${p.days} days of an accident, online or by phone. An adjuster contacts the policyholder within ${p.adjuster} business days. Approved claims are paid within ${p.pay} business days by direct deposit.`,
      questions: ['How do I file a claim?', 'I had a small accident yesterday. What now?', 'How long until a claim is paid?'],
      answer: (p) => `File the claim within ${p.days} days of the accident, online or by phone. An adjuster will contact you within ${p.adjuster} business days, and approved claims are paid within ${p.pay} business days.`,
      contradiction: () => `Claims can be filed up to two years later, and payment is made the same day without an adjuster.`,
      context: (p) => [`File within ${p.days} days`, `Adjuster contact within ${p.adjuster} business days`, `Payment within ${p.pay} business days`],
    },
    {
      params: (r) => ({ ded: r.pick([250, 500, 1000]), glass: r.pick([0, 100]), save: r.pick([8, 12, 15]) }),
      text: (p) =>
        `The standard collision deductible is ${money(+p.ded)}. Glass repairs have a deductible of ${money(+p.glass)}. Raising the deductible to ${money(+p.ded * 2)} lowers the premium by about ${p.save}%.`,
      questions: ['What is my deductible?', 'Should I raise my deductible?', 'Do I pay anything for a cracked windshield?'],
      answer: (p) => `The collision deductible is ${money(+p.ded)} and glass repairs have a ${money(+p.glass)} deductible. Raising it to ${money(+p.ded * 2)} would cut your premium by about ${p.save}%.`,
      contradiction: () => `There is no deductible on collision claims, and raising it would increase your premium.`,
      context: (p) => [`Collision deductible ${money(+p.ded)}`, `Glass deductible ${money(+p.glass)}`, `Higher deductible saves about ${p.save}%`],
    },
    {
      params: (r) => ({ day: r.pick([30, 40, 50]), max: r.pick([900, 1200, 1500]), days: r.pick([30, 45]) }),
      text: (p) =>
        `Rental reimbursement pays up to ${money(+p.day)} per day while the insured car is being repaired after a covered claim. The limit is ${money(+p.max)} per claim or ${p.days} days, whichever comes first. It is an optional add-on.`,
      questions: ['Will you pay for a rental car?', 'Is a rental covered while my car is in the shop?', 'How much rental coverage do I have?'],
      answer: (p) => `Rental reimbursement pays up to ${money(+p.day)} a day during repairs after a covered claim, up to ${money(+p.max)} or ${p.days} days. It is an optional add-on.`,
      contradiction: () => `Every policy includes a free rental car for as long as the repair takes.`,
      context: (p) => [`Up to ${money(+p.day)} per day`, `Limit ${money(+p.max)} or ${p.days} days`, 'Optional add-on'],
    },
    {
      params: (r) => ({ age: r.pick([21, 25]), surcharge: r.pick([20, 35, 50]), days: r.pick([14, 30]) }),
      text: (p) =>
        `A household driver can be added to a policy online at any time. Drivers under ${p.age} add a surcharge of about ${p.surcharge}% to the premium. New drivers must be added within ${p.days} days of getting a licence.`,
      questions: ['Can I add my son to the policy?', 'How much does adding a young driver cost?', 'My daughter just got her licence. What do I need to do?'],
      answer: (p) => `You can add a household driver online at any time, within ${p.days} days of them getting a licence. Drivers under ${p.age} add about ${p.surcharge}% to the premium.`,
      contradiction: (p) => `Adding a driver under ${p.age} does not change the premium at all.`,
      context: (p) => ['Add drivers online at any time', `Under ${p.age} surcharge about ${p.surcharge}%`, `Add within ${p.days} days of licence`],
    },
  ],
};
