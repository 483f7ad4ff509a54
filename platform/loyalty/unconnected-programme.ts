import { LoyaltyUnavailable, type LoyaltyProgramme } from './loyalty-programme.ts';

/**
 * The loyalty programme of a site connected to none (LOYALTY_PROGRAMME=none, production's
 * default until the programme's partner API is configured): every call answers "unavailable",
 * so no member is linked and no point is spent, and the pages say the programme cannot be reached.
 * Never the sandbox, whose test members would spend points that do not exist on real tickets.
 */
export class UnconnectedLoyaltyProgramme implements LoyaltyProgramme {
  readonly isSandbox = false;

  private unavailable(): never {
    throw new LoyaltyUnavailable('No loyalty programme is connected to this site');
  }

  verifyMember(): never {
    return this.unavailable();
  }

  member(): never {
    return this.unavailable();
  }

  burn(): never {
    return this.unavailable();
  }

  reverseBurn(): never {
    return this.unavailable();
  }

  accrue(): never {
    return this.unavailable();
  }
}
