// The learners `npm run bench learning` meets (issue 41 item 1): a fixed family of generators, none
// of which is the learner model. Each makes learners who answer a shared bank's items with their own
// rule; the bench drives the real draw, grading and learner model with them and compares the model's
// beliefs with the truth each generator keeps (who knows what, and the true chance of each answer).

export type Random = () => number;

/** One bank question as the generators see it: what it measures and the features a test-wise learner reads. */
export interface SimItem {
  id: string;
  /** objectiveKey, `m01.o2`. */
  objective: string;
  /** Bank index of the key. */
  key: number;
  /** 2PL/3PL parameters (used by the IRT generator only): discrimination, difficulty. */
  a: number;
  b: number;
  /** Option lengths in characters, stem words each option echoes, and the index of the option unlike the others. */
  lengths: number[];
  echoes: number[];
  odd: number;
  /** The misconception each option reveals ('' for the key). */
  misconceptions: string[];
}

export interface SimLearner {
  /** True chance of a right answer to `item` now (the oracle's prediction). */
  pRight(item: SimItem): number;
  /** The bank index of the option chosen. */
  choose(item: SimItem, random: Random): number;
  /** The truth the estimates are judged against: does the learner know the objective now. */
  knows(objective: string): boolean;
  /** Studies an objective (the loop's targeted study, or the control's). */
  study(objective: string, random: Random): void;
  /** A day passes between sessions (forgetting, learning from the lesson). */
  between(random: Random): void;
  /** Knows nothing and learns nothing; passes only by luck (excluded from "Te falta" precision). */
  readonly guesser: boolean;
  /** An independent copy in the same state (the Bayes oracle's particle filter resamples with it). */
  clone(): SimLearner;
}

export interface Generator {
  name: string;
  description: string;
  make(objectives: readonly string[], random: Random): SimLearner;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const pick = <T>(list: readonly T[], random: Random) => list[Math.floor(random() * list.length)];
const wrongOptions = (item: SimItem) => [0, 1, 2, 3].filter((i) => i !== item.key);
/** Right with probability p, else a wrong option at random. */
const chooseWith = (p: number, item: SimItem, random: Random) => (random() < p ? item.key : pick(wrongOptions(item), random));

/** 10 % of every generator's learners know nothing and never learn: the guessing check. */
const NOTHING = 0.1;

interface BinaryOptions { slip: number; guess: number; studyGain: number; forget?: number; selfLearn?: number; misconception?: number }

/**
 * Binary knowledge with its own slip and guess; `forget`/`selfLearn` change it between sessions. A
 * class, not an object of closures: the Bayes oracle makes and clones about 10⁶ of them a generator.
 */
class BinaryLearner implements SimLearner {
  constructor(
    private readonly o: BinaryOptions,
    readonly guesser: boolean,
    private readonly known: Map<string, boolean>,
    /** Persistent misconceptions: an unknown objective held with a wrong idea picks its option every time. */
    private readonly held: Map<string, string>,
  ) {}

  private wrongIdea(item: SimItem) {
    const idea = this.held.get(item.objective);
    return idea ? item.misconceptions.indexOf(idea) : -1;
  }

  pRight(item: SimItem) {
    if (this.known.get(item.objective)) return 1 - this.o.slip;
    return this.wrongIdea(item) >= 0 ? 0 : this.o.guess;
  }

  choose(item: SimItem, r: Random) {
    const idea = this.wrongIdea(item);
    if (!this.known.get(item.objective) && idea >= 0) return idea;
    return chooseWith(this.pRight(item), item, r);
  }

  knows(x: string) {
    return this.known.get(x) ?? false;
  }

  study(x: string, r: Random) {
    if (!this.guesser && !this.known.get(x) && r() < this.o.studyGain) {
      this.known.set(x, true);
      this.held.set(x, '');
    }
  }

  between(r: Random) {
    // Nothing changes between sessions (and no random number is drawn) without forgetting or self-learning.
    if (this.guesser || (!this.o.forget && !this.o.selfLearn)) return;
    for (const [x, k] of this.known) {
      if (k && this.o.forget && r() < this.o.forget) this.known.set(x, false);
      else if (!k && this.o.selfLearn && r() < this.o.selfLearn) this.known.set(x, true);
    }
  }

  clone() {
    return new BinaryLearner(this.o, this.guesser, new Map(this.known), new Map(this.held));
  }
}

function binary(o: BinaryOptions) {
  return (objectives: readonly string[], random: Random): SimLearner => {
    const guesser = random() < NOTHING;
    const known = new Map(objectives.map((x) => [x, !guesser && random() < 0.5]));
    const held = new Map(objectives.map((x) => [x, !guesser && o.misconception !== undefined && random() < o.misconception ? `x${Math.floor(random() * 3)}` : '']));
    return new BinaryLearner(o, guesser, known, held);
  };
}

/** Continuous partial knowledge: each objective answered right with its own chance in 0.25–0.95; known at ≥ 0.8. */
function partial(objectives: readonly string[], random: Random): SimLearner {
  const guesser = random() < NOTHING;
  return new PartialLearner(guesser, new Map(objectives.map((x) => [x, guesser ? 0.25 : 0.25 + 0.7 * random()])));
}
class PartialLearner implements SimLearner {
  constructor(readonly guesser: boolean, private readonly q: Map<string, number>) {}
  pRight(item: SimItem) {
    return this.q.get(item.objective) ?? 0.25;
  }

  choose(item: SimItem, r: Random) {
    return chooseWith(this.pRight(item), item, r);
  }

  knows(x: string) {
    return (this.q.get(x) ?? 0) >= 0.8;
  }

  study(x: string, r: Random) {
    if (!this.guesser && r() < 0.6) this.q.set(x, Math.min(0.95, (this.q.get(x) ?? 0.25) + 0.35));
  }

  between() {}
  clone() {
    return new PartialLearner(this.guesser, new Map(this.q));
  }
}

/** 3PL: ability per objective ~ N(0, 1); P = c + (1 − c)·σ(1.7a(θ − b)), c = 0.2. Known: σ(1.7θ) ≥ 0.8 on an average item. */
function irt(objectives: readonly string[], random: Random): SimLearner {
  const guesser = random() < NOTHING;
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return new IrtLearner(guesser, new Map(objectives.map((x) => [x, guesser ? -6 : normal()])));
}
class IrtLearner implements SimLearner {
  constructor(readonly guesser: boolean, private readonly theta: Map<string, number>) {}
  pRight(item: SimItem) {
    return 0.2 + 0.8 * sigmoid(1.7 * item.a * ((this.theta.get(item.objective) ?? 0) - item.b));
  }

  choose(item: SimItem, r: Random) {
    return chooseWith(this.pRight(item), item, r);
  }

  knows(x: string) {
    return sigmoid(1.7 * (this.theta.get(x) ?? -6)) >= 0.8;
  }

  study(x: string, r: Random) {
    if (!this.guesser && r() < 0.6) this.theta.set(x, (this.theta.get(x) ?? 0) + 1.2);
  }

  between() {}
  clone() {
    return new IrtLearner(this.guesser, new Map(this.theta));
  }
}

const wear = (a: number) => 0.25 + 0.72 * (1 + a / 3) ** -0.5;
/** `wear` of each whole day of age, filled as met. */
const WORN = new Array<number | undefined>(400).fill(undefined);

/**
 * Knowledge that wears away gradually (issue 41: mastery decays with time), not lost at once as in
 * `olvido`: a learnt objective is answered right with 0.25 + 0.72·(1 + age/3)^−0.5, a power law
 * (Wixted & Ebbesen 1991) in the days since it was last studied (0.97 on the day, 0.81 two days on,
 * 0.67 at six). Answering does not refresh it; studying does (and learns an unknown objective with
 * p 0.6). Unknown: guess 0.25. Half the objectives start learnt, 0–6 days ago. Known: P(right) ≥ 0.8.
 */
class WearingLearner implements SimLearner {
  constructor(readonly guesser: boolean, private readonly age: Map<string, number>) {}
  private p(x: string) {
    const a = this.age.get(x) ?? -1;
    if (a < 0) return 0.25;
    // Ages are whole days: each one's accuracy is worked out once (the Bayes oracle asks 10³ particles per item).
    return Number.isInteger(a) && a < WORN.length ? (WORN[a] ??= wear(a)) : wear(a);
  }

  pRight(item: SimItem) {
    return this.p(item.objective);
  }

  choose(item: SimItem, r: Random) {
    return chooseWith(this.pRight(item), item, r);
  }

  knows(x: string) {
    return this.p(x) >= 0.8;
  }

  study(x: string, r: Random) {
    if (!this.guesser && ((this.age.get(x) ?? -1) >= 0 || r() < 0.6)) this.age.set(x, 0);
  }

  between() {
    for (const [x, a] of this.age) if (a >= 0) this.age.set(x, a + 1);
  }

  clone() {
    return new WearingLearner(this.guesser, new Map(this.age));
  }
}

function wearing(objectives: readonly string[], random: Random): SimLearner {
  const guesser = random() < NOTHING;
  return new WearingLearner(guesser, new Map(objectives.map((x) => [x, !guesser && random() < 0.5 ? Math.floor(random() * 7) : -1])));
}

const POINTED = new WeakMap<SimItem, Partial<Record<SimRule, number[]>>>();
/** The test-wise rules a simulated item's features answer: the longest option, the one echoing the stem, the odd one out. */
export type SimRule = 'longest' | 'echo' | 'odd';

/** The options a rule points at (ties: all of them). Worked out once per item and rule: the Bayes oracle asks 10³ particles about each item. */
export function pointed(item: SimItem, rule: SimRule): number[] {
  const memo = POINTED.get(item) ?? POINTED.set(item, {}).get(item)!;
  return (memo[rule] ??= point(item, rule));
}
/** The options with the highest score (ties: all of them). */
export const topOf = (score: readonly number[]) => {
  const best = Math.max(...score);
  return score.flatMap((s, i) => (s === best ? [i] : []));
};
function point(item: SimItem, rule: SimRule): number[] {
  if (rule === 'longest') return topOf(item.lengths);
  if (rule === 'echo') return topOf(item.echoes);
  return [item.odd];
}

/** Knows nothing; answers by one test-wise rule: the longest option, the one echoing the stem, or the odd one out; picks among the options it points at at random. */
function testWise(objectives: readonly string[], random: Random): SimLearner {
  const rule = pick(['longest', 'echo', 'odd'] as const, random);
  const self: SimLearner = {
    guesser: true,
    pRight: (item) => {
      const p = pointed(item, rule);
      return p.includes(item.key) ? 1 / p.length : 0;
    },
    choose: (item, r) => pick(pointed(item, rule), r),
    knows: () => false,
    study: () => undefined,
    between: () => undefined,
    // Stateless once the rule is drawn.
    clone: () => self,
  };
  return self;
}

/** The family, in the order the bench prints it. */
export const GENERATORS: readonly Generator[] = [
  { name: 'propio', description: "the model's own assumptions: known or not, slip 0.1, guess 0.25", make: binary({ slip: 0.1, guess: 0.25, studyGain: 0.6 }) },
  { name: 'desajuste', description: 'mismatched slip 0.25, guess 0.40', make: binary({ slip: 0.25, guess: 0.4, studyGain: 0.6 }) },
  { name: 'parcial', description: 'continuous partial knowledge, P(right) 0.25–0.95, known at ≥ 0.8', make: partial },
  { name: 'irt-3pl', description: 'items of different difficulty and discrimination (3PL, c 0.2)', make: irt },
  { name: 'olvido', description: 'forgets each known objective with p 0.15 between sessions', make: binary({ slip: 0.1, guess: 0.25, studyGain: 0.6, forget: 0.15 }) },
  { name: 'errores', description: 'persistent misconceptions: 70 % of unknown objectives pick the same wrong idea', make: binary({ slip: 0.1, guess: 0.25, studyGain: 0.6, misconception: 0.7 }) },
  { name: 'astuto', description: 'test-wise pickers (longest option, stem echo, odd one out), know nothing', make: testWise },
  { name: 'aprende', description: 'learns each unknown objective from the lesson with p 0.3 between sessions', make: binary({ slip: 0.1, guess: 0.25, studyGain: 0.6, selfLearn: 0.3 }) },
  { name: 'desgaste', description: 'knowledge that wears away day by day: P(right) 0.25 + 0.72·(1 + days since studied/3)^−0.5, known at ≥ 0.8', make: wearing },
];

/**
 * A shared bank's items as a writer with a test-wise bias writes them (issue 41: keys 1.3× longer on
 * average, the key echoing the stem more often than a distractor, the key the odd one out 40 % of the
 * time). 3PL parameters: a ~ U(0.5, 2), b ~ N(0, 1).
 */
export function simItem(id: string, objective: string, random: Random): SimItem {
  const key = Math.floor(random() * 4);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const lengths = [0, 1, 2, 3].map((i) => Math.round((40 + 10 * normal()) * (i === key ? 1 + 0.6 * random() : 1)));
  const echoes = [0, 1, 2, 3].map((i) => (random() < (i === key ? 0.5 : 0.2) ? 1 : 0));
  const odd = random() < 0.4 ? key : pick([0, 1, 2, 3].filter((i) => i !== key), random);
  const ideas = ['x0', 'x1', 'x2'].sort(() => random() - 0.5);
  const misconceptions = [0, 1, 2, 3].map((i) => (i === key ? '' : (ideas.pop() as string)));
  return { id, objective, key, a: 0.5 + 1.5 * random(), b: normal(), lengths, echoes, odd, misconceptions };
}
