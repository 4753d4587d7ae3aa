import { letters, money, type Topic } from './types';

const CITIES = ['Chicago', 'Seattle', 'Boston', 'Atlanta', 'Miami', 'San Diego', 'Dallas', 'Minneapolis'];
const MONTHS = ['March', 'April', 'May', 'June', 'July', 'September', 'October'];

export const travel: Topic = {
  name: 'travel',
  companies: ['SkyBridge Airlines', 'Meridian Air', 'Coastline Travel', 'Northstar Airways'],
  facts: [
    { key: 'booking reference', value: (r) => letters(r, 6), statements: ['My booking reference is {v}.', 'The booking reference is {v}.'] },
    { key: 'departure city', value: (r) => r.pick(CITIES), statements: ['I am flying from {v}.', 'My departure city is {v}.'] },
    { key: 'travel date', value: (r) => `${r.pick(MONTHS)} ${r.int(2, 28)}`, statements: ['My flight is on {v}.', 'My travel date is {v}.'] },
    { key: 'passengers', value: (r) => String(r.int(2, 5)), statements: ['There are {v} passengers on the booking.', 'My party size is {v}.'] },
  ],
  documents: [
    {
      params: (r) => ({ bag: r.pick([30, 35, 40]), second: r.pick([45, 50]), kg: r.pick([23, 20]), carry: r.pick([7, 10]) }),
      text: (p, c) =>
        `${c} economy fares include one carry-on bag of up to ${p.carry} kg. The first checked bag costs ${money(+p.bag)} and the second costs ${money(+p.second)}. Each checked bag may weigh up to ${p.kg} kg.`,
      questions: ['How much does a checked bag cost?', 'What is the baggage allowance on my ticket?', 'Can I bring a second suitcase?'],
      answer: (p) => `Your economy fare includes a carry-on of up to ${p.carry} kg. The first checked bag is ${money(+p.bag)}, the second ${money(+p.second)}, and each may weigh up to ${p.kg} kg.`,
      contradiction: (p) => `Two checked bags are included for free, and each may weigh up to ${+p.kg + 12} kg.`,
      context: (p) => [`Carry-on up to ${p.carry} kg included`, `First checked bag ${money(+p.bag)}`, `Checked bags up to ${p.kg} kg`],
    },
    {
      params: (r) => ({ hours: 24, fee: r.pick([75, 99, 150]), credit: r.pick([6, 12]) }),
      text: (p) =>
        `Any ticket can be cancelled for a full refund within ${p.hours} hours of booking. After that, standard fares can be cancelled for a fee of ${money(+p.fee)} per passenger, and the rest is returned as travel credit. Travel credit is valid for ${p.credit} months.`,
      questions: ['Can I cancel my flight and get a refund?', 'What is the cancellation fee?', 'I need to cancel the trip. What do I get back?'],
      answer: (p) => `You get a full refund if you cancel within ${p.hours} hours of booking. After that the fee is ${money(+p.fee)} per passenger, and the rest becomes travel credit valid for ${p.credit} months.`,
      contradiction: () => `Cancellations are always refunded in full with no fee, and travel credit never expires.`,
      context: (p) => [`Full refund within ${p.hours} hours of booking`, `Cancellation fee ${money(+p.fee)} per passenger`, `Travel credit valid ${p.credit} months`],
    },
    {
      params: (r) => ({ seat: r.pick([15, 25, 35]), extra: r.pick([49, 69, 89]), hours: r.pick([24, 48]) }),
      text: (p) =>
        `Standard seats can be chosen for ${money(+p.seat)} each once the booking is confirmed. Extra legroom seats cost ${money(+p.extra)}. Free seat assignment opens at online check-in, ${p.hours} hours before departure.`,
      questions: ['Can I pick our seats now?', 'How much are extra legroom seats?', 'Do I have to pay to choose a seat?'],
      answer: (p) => `You can choose standard seats now for ${money(+p.seat)} each, or extra legroom for ${money(+p.extra)}. Seats are assigned free at online check-in, which opens ${p.hours} hours before departure.`,
      contradiction: (p) => `Seat selection is free at any time, and extra legroom seats cost ${money(+p.extra - 40)}.`,
      context: (p) => [`Standard seat ${money(+p.seat)}`, `Extra legroom ${money(+p.extra)}`, `Free assignment at check-in ${p.hours} hours before`],
    },
    {
      params: (r) => ({ dom: r.pick([45, 60]), intl: r.pick([60, 90]), close: r.pick([30, 45]) }),
      text: (p) =>
        `Passengers should arrive at the airport at least ${p.dom === 45 ? 'ninety minutes' : 'two hours'} before domestic flights. Bag drop closes ${p.dom} minutes before domestic departures and ${p.intl} minutes before international ones. Boarding gates close ${p.close} minutes before departure.`,
      questions: ['When does bag drop close?', 'How early should I be at the airport?', 'What time do the boarding gates close?'],
      answer: (p) => `Bag drop closes ${p.dom} minutes before a domestic departure and ${p.intl} minutes before an international one. The gate closes ${p.close} minutes before departure.`,
      contradiction: (p) => `Bag drop stays open until ${+p.close - 20} minutes before departure, and gates close five minutes before.`,
      context: (p) => [`Domestic bag drop closes ${p.dom} minutes before`, `International bag drop closes ${p.intl} minutes before`, `Gates close ${p.close} minutes before`],
    },
    {
      params: (r) => ({ fee: r.pick([50, 75]), days: r.pick([7, 14]), diff: 'fare difference' }),
      text: (p) =>
        `Flights can be changed online up to two hours before departure. A change costs ${money(+p.fee)} per passenger plus any fare difference. Changes made more than ${p.days} days before departure have no change fee.`,
      questions: ['Can I move my flight to another day?', 'What does it cost to change the date?', 'I want to rebook for a later flight.'],
      answer: (p) => `You can change the flight online until two hours before departure. It costs ${money(+p.fee)} per passenger plus any fare difference, and nothing if you change more than ${p.days} days ahead.`,
      contradiction: (p) => `Date changes are only possible by phone and always cost ${money(+p.fee * 3)} per passenger.`,
      context: (p) => [`Change fee ${money(+p.fee)} per passenger plus fare difference`, `No change fee more than ${p.days} days before departure`],
    },
    {
      params: (r) => ({ price: r.pick([29, 39, 49]), cover: r.pick([2500, 5000]), delay: r.pick([6, 8]) }),
      text: (p) =>
        `Trip protection costs ${money(+p.price)} per traveller and covers cancellation for illness up to ${money(+p.cover)}. Delays longer than ${p.delay} hours are covered for meals and hotels. It must be bought within 14 days of booking.`,
      questions: ['Is travel insurance worth it?', 'What does trip protection cover?', 'How much is the trip protection?'],
      answer: (p) => `Trip protection is ${money(+p.price)} per traveller. It covers cancellation for illness up to ${money(+p.cover)} and meals and hotels for delays over ${p.delay} hours.`,
      contradiction: () => `Trip protection covers any cancellation reason with no limit and can be bought up to the day of departure.`,
      context: (p) => [`${money(+p.price)} per traveller`, `Illness cancellation up to ${money(+p.cover)}`, `Delays over ${p.delay} hours covered`],
    },
  ],
};
