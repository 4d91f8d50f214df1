import re, subprocess, sys
r = subprocess.run(['npx','vitest','run','src/rules/typo.sources.test.ts'],cwd='packages/contract',capture_output=True,text=True); out = r.stdout + r.stderr
hits = re.findall(r'"((?:apps|packages)/[^:"]+):(\d+) ', out)
mine = [h for h in hits if 'signalement' in h[0].lower() or h[0] in sys.argv[1:]]
for f, line in sorted(set(mine)):
    lines = open(f).read().split('\n')
    i = int(line) - 1
    before = lines[i]
    lines[i] = re.sub(r"([\w»'éèêàçû.)]) ([:;!?])", '\\1\u202f\\2', lines[i])
    lines[i] = re.sub(r"« ", '«\u00a0', lines[i]); lines[i] = re.sub(r" »", '\u00a0»', lines[i])
    print(f, line, before.strip()[:80], '->', 'changed' if before != lines[i] else 'SAME')
    open(f,'w').write('\n'.join(lines))
