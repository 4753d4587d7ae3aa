import { digits, letters, money, type Topic } from './types';

const DEVICES = ['Aria X2 headphones', 'Pulse 5 smartwatch', 'Orbit mini speaker', 'Vista 11 tablet', 'Nimbus robot vacuum'];
const MONTHS = ['January', 'February', 'March', 'August', 'November', 'December'];

export const productSupport: Topic = {
  name: 'product support',
  companies: ['Lumen Electronics', 'Vertex Devices', 'Halo Home', 'Kestrel Audio'],
  facts: [
    { key: 'order number', value: (r) => `${letters(r, 2)}-${digits(r, 6)}`, statements: ['My order number is {v}.', 'The order number is {v}.'] },
    { key: 'device', value: (r) => r.pick(DEVICES), statements: ['My device is the {v}.', 'I have the {v}.'] },
    { key: 'purchase date', value: (r) => `${r.pick(MONTHS)} ${r.int(1, 28)}`, statements: ['I bought it on {v}.', 'My purchase date is {v}.'] },
    { key: 'email', value: (r) => `${r.pick(['sam', 'alex', 'jo', 'kim', 'lee'])}${digits(r, 3)}@example.com`, statements: ['My email is {v}.'] },
  ],
  documents: [
    {
      params: (r) => ({ months: r.pick([12, 24]), extended: r.pick([36, 48]), price: r.pick([29, 39, 59]) }),
      text: (p, c) =>
        `Every ${c} device comes with a ${p.months}-month limited warranty covering manufacturing defects. Accidental damage and water damage are not covered. An extended plan up to ${p.extended} months costs ${money(+p.price)} and must be added within 60 days of purchase.`,
      questions: ['Is my device still under warranty?', 'What does the warranty cover?', 'Does the warranty cover water damage?'],
      answer: (p) => `The warranty lasts ${p.months} months and covers manufacturing defects, but not accidental or water damage. You can extend it to ${p.extended} months for ${money(+p.price)} within 60 days of purchase.`,
      contradiction: (p) => `The warranty lasts ${+p.months * 2} months and covers water damage and accidents too.`,
      context: (p) => [`${p.months}-month warranty for manufacturing defects`, 'Accidental and water damage not covered', `Extended plan ${money(+p.price)}`],
    },
    {
      params: (r) => ({ days: r.pick([30, 45]), fee: r.pick([10, 15]), refund: r.int(5, 10) }),
      text: (p) =>
        `Unopened and opened products can be returned within ${p.days} days of delivery. Opened items carry a restocking fee of ${p.fee}%. Refunds reach the original payment method within ${p.refund} business days after the return arrives.`,
      questions: ['Can I return it?', 'How do returns work?', 'How long does a refund take?'],
      answer: (p) => `You can return it within ${p.days} days of delivery; opened items have a ${p.fee}% restocking fee. The refund reaches your card within ${p.refund} business days after we receive it.`,
      contradiction: (p) => `Returns are accepted for ${+p.days + 60} days with no restocking fee, and refunds are instant.`,
      context: (p) => [`Returns within ${p.days} days of delivery`, `${p.fee}% restocking fee on opened items`, `Refund within ${p.refund} business days`],
    },
    {
      params: (r) => ({ hold: r.pick([10, 15]), hours: r.pick([2, 3]), watts: r.pick([18, 20, 30]) }),
      text: (p) =>
        `If the device does not charge, hold the power button for ${p.hold} seconds to reset it. Use a charger rated at least ${p.watts} W; a full charge takes about ${p.hours} hours. If the light stays off after a reset, the battery may need service.`,
      questions: ['It will not charge anymore. What can I do?', 'The battery seems dead, any ideas?', 'Which charger should I use?'],
      answer: (p) => `Hold the power button for ${p.hold} seconds to reset it, then charge with an adapter of at least ${p.watts} W for about ${p.hours} hours. If the light stays off, the battery may need service.`,
      contradiction: (p) => `Any 5 W phone charger works, and a full charge takes ${+p.hours * 4} hours.`,
      context: (p) => [`Hold power ${p.hold} seconds to reset`, `Charger of at least ${p.watts} W`, `Full charge about ${p.hours} hours`],
    },
    {
      params: (r) => ({ version: `${r.int(3, 5)}.${r.int(0, 9)}.${r.int(1, 9)}`, minutes: r.pick([10, 15, 20]), battery: r.pick([40, 50]) }),
      text: (p) =>
        `The latest firmware is version ${p.version}, installed from the companion app. The update takes about ${p.minutes} minutes and needs at least ${p.battery}% battery. Keep the device near the phone until it restarts.`,
      questions: ['How do I update the firmware?', 'What is the latest software version?', 'The app says an update is available, is it safe?'],
      answer: (p) => `The latest firmware is ${p.version}. Install it from the companion app with at least ${p.battery}% battery; it takes about ${p.minutes} minutes.`,
      contradiction: (p) => `The latest firmware is ${p.version}, but it must be installed from a computer over USB and takes two hours.`,
      context: (p) => [`Latest firmware ${p.version}`, 'Install from the companion app', `Needs at least ${p.battery}% battery`],
    },
    {
      params: (r) => ({ std: r.int(3, 5), exp: r.pick([1, 2]), free: r.pick([35, 50]), cost: r.pick([12, 15]) }),
      text: (p) =>
        `Standard shipping takes ${p.std} to ${+p.std + 2} business days and is free on orders over ${money(+p.free)}. Express shipping takes ${p.exp} business day${p.exp === 1 ? '' : 's'} and costs ${money(+p.cost)}. Tracking links are emailed when the order ships.`,
      questions: ['When will my order arrive?', 'How long does shipping take?', 'Can I get it faster?'],
      answer: (p) => `Standard shipping takes ${p.std} to ${+p.std + 2} business days, free over ${money(+p.free)}. Express takes ${p.exp} business day${p.exp === 1 ? '' : 's'} for ${money(+p.cost)}, and you get a tracking link by email.`,
      contradiction: () => `All orders ship overnight for free, whatever their total.`,
      context: (p) => [`Standard ${p.std} to ${+p.std + 2} business days`, `Free over ${money(+p.free)}`, `Express ${money(+p.cost)}`],
    },
    {
      params: (r) => ({ fee: r.pick([49, 79, 99]), days: r.pick([7, 10]), label: 'prepaid' }),
      text: (p) =>
        `Out-of-warranty repairs have a flat fee of ${money(+p.fee)}. Devices are sent with a prepaid label and returned within ${p.days} business days. Repaired devices get a 90-day repair warranty.`,
      questions: ['How much does a repair cost?', 'Can you fix my device?', 'How long does a repair take?'],
      answer: (p) => `An out-of-warranty repair is a flat ${money(+p.fee)}. You ship it with a prepaid label, it comes back within ${p.days} business days, and the repair has a 90-day warranty.`,
      contradiction: (p) => `Repairs cost ${money(+p.fee * 3)} and take about two months.`,
      context: (p) => [`Flat repair fee ${money(+p.fee)}`, `Returned within ${p.days} business days`, '90-day repair warranty'],
    },
  ],
};
