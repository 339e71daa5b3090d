/**
 * robots.txt read and matched as Googlebot does, at a bounded cost: parse once, choose
 * an agent's rules once, then decide each URL.
 */
export {
  decodeRobotsTxt,
  escapePattern,
  parseRobotsTxt,
  ROBOTS_TXT_MAX_BYTES,
  ROBOTS_TXT_MAX_LINE_BYTES,
  robotsTxtLine,
} from './parse.js';
export type { RobotsGroup, RobotsRule, RobotsTxt } from './parse.js';
export {
  agentRules,
  matchedPath,
  NO_RULES,
  productToken,
  robotsAllows,
  robotsVerdict,
} from './agent-rules.js';
export type { AgentRules, RobotsVerdict } from './agent-rules.js';
