// SPDX-License-Identifier: GPL-2.0
/*
 * Run in the UML guest: two processes each keep their own value in ymm7
 * across 20000 sched_yield()s, which switch between them. UML restores a
 * process's registers on the host each time it runs it, through the
 * host's XSAVE area (which on AMX hosts is larger than the state UML
 * keeps); a restore that lost or mixed up the AVX state shows here.
 */
#include <stdio.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define ROUNDS 20000

static int wrong_lanes(unsigned int seed)
{
	int wrong = 0;

	for (unsigned int i = 0; i < ROUNDS; i++) {
		unsigned int in[8], out[8];
		long nr = SYS_sched_yield;

		for (int k = 0; k < 8; k++)
			in[k] = seed + i + k;
		/* One block: the compiler must not touch ymm7 in between. */
		__asm__ volatile("vmovdqu (%1), %%ymm7\n\t"
				 "syscall\n\t"
				 "vmovdqu %%ymm7, (%2)"
				 : "+a"(nr) : "r"(in), "r"(out)
				 : "rcx", "r11", "memory", "xmm7");
		for (int k = 0; k < 8; k++)
			wrong += out[k] != in[k];
	}
	return wrong;
}

int main(void)
{
	int status, wrong;
	pid_t child = fork();

	if (child < 0) {
		perror("fork");
		return 2;
	}
	wrong = wrong_lanes(child ? 1000000 : 5000000);
	if (!child)
		return wrong ? 1 : 0;
	if (waitpid(child, &status, 0) != child) {
		perror("waitpid");
		return 2;
	}
	printf("ymm7 over %d switches: %d wrong lanes here, the other process %s\n",
	       ROUNDS, wrong, WIFEXITED(status) && !WEXITSTATUS(status) ? "none" : "some");
	return wrong || !WIFEXITED(status) || WEXITSTATUS(status);
}
