/**
 * A serial port's failure in words for the screens and notes: the system's own text ("bad file
 * descriptor", "Input/output error", "Error: No such file or directory, cannot open …") told staff
 * nothing about the cable. The system's words stay in brackets where the meaning is a guess.
 */
export function portWords(message: string, code = ''): string {
  const t = code + ' ' + message;
  if (/ENOENT|No such file/i.test(t)) return 'no such port';
  if (/EACCES|Permission/i.test(t)) return 'permission denied';
  if (/Resource temporarily unavailable|lock|EBUSY/i.test(t)) return 'port is in use by another program';
  // What Linux says of a USB serial port (or a pty) that vanished under an open handle.
  if (/EBADF|bad file descriptor|EIO\b|input\/output error|ENXIO|ENODEV|disconnected/i.test(t)) return `the port went away: cable pulled, or the board restarted (${message.replace(/^Error:\s*/, '')})`;
  return message;
}
