/**
 * The bench's environment, set before anything else is loaded: modules such
 * as the logger read it once, when they are first imported (run.ts imports
 * this module first; ES modules evaluate in import order).
 */
// the simulator approves quickly here so the bench measures our settlement, not its 1 s default delay
process.env.MOMO_SIM_APPROVE_MS ??= '20';
// one JSON line per settled batch would measure the terminal, not settlement
process.env.LOG_LEVEL ??= 'ERROR';
